// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler() fails with -1 [EPERM] when "the requesting
 * process does not have permission to set either or both of the
 * scheduling parameters or the scheduling policy of the specified
 * process". Under RLIMIT_RTPRIO 10 an unprivileged process (nobody) may
 * take SCHED_FIFO 10 but not SCHED_RR 11 or SCHED_FIFO 11 (EPERM, FIFO
 * 10 kept, read from the kernel), may go back to SCHED_OTHER, and may
 * not change its root parent at all: not to SCHED_OTHER, not to the
 * SCHED_RR 4 it already has (EPERM, the parent read back unchanged).
 */
#include "pts_rtprio.h"

static pid_t parent;

static int setps(pid_t pid, int pol, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	errno = 0;
	return sched_setscheduler(pid, pol, &sp) ? errno : 0;
}

static void expect(int e, int want, const char *what)
{
	if (e != want)
		PTS_FAILED("%s: %s, expected %s", what, e ? strerrorname_np(e) : "0",
			   want ? strerrorname_np(want) : "0");
}

static void kernel_is(pid_t pid, int pol, int prio, const char *what)
{
	if (pts_task_stat(pid, 41) != pol || pts_task_stat(pid, 40) != prio)
		PTS_FAILED("%s: kernel policy %lld priority %lld, expected %d %d", what,
			   pts_task_stat(pid, 41), pts_task_stat(pid, 40), pol, prio);
}

static int unprivileged(void)
{
	expect(setps(0, SCHED_FIFO, PTS_RTPRIO_LIM), 0, "FIFO at the limit");
	kernel_is(getpid(), SCHED_FIFO, PTS_RTPRIO_LIM, "FIFO at the limit");
	expect(setps(0, SCHED_RR, PTS_RTPRIO_LIM + 1), EPERM, "RR above the limit");
	expect(setps(0, SCHED_FIFO, PTS_RTPRIO_LIM + 1), EPERM,
	       "FIFO above the limit");
	kernel_is(getpid(), SCHED_FIFO, PTS_RTPRIO_LIM, "after the refusals");
	expect(setps(parent, SCHED_OTHER, 0), EPERM, "the root parent to OTHER");
	expect(setps(parent, SCHED_RR, 4), EPERM, "the root parent to its own RR 4");
	expect(setps(0, SCHED_OTHER, 0), 0, "back to OTHER");
	kernel_is(getpid(), SCHED_OTHER, 0, "back to OTHER");
	return PTS_PASS;
}

int main(void)
{
	pts_need_sched_fifo();
	parent = getpid();
	if (setps(0, SCHED_RR, 4))
		PTS_UNRES("sched_setscheduler(RR 4): %m");
	pts_rtprio_in_child(unprivileged);
	kernel_is(parent, SCHED_RR, 4, "the parent");
	PTS_PASSED("EPERM above RLIMIT_RTPRIO and for a root process");
}
