// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam() fails with -1 [EPERM] when "the requesting process
 * does not have permission to set the scheduling parameters for the
 * specified process". An unprivileged process (nobody, RLIMIT_RTPRIO
 * 10) that made itself SCHED_FIFO 5 may raise its own priority up to
 * the limit (10: 0) but not above it (11: EPERM, 10 kept), may lower it
 * (3: 0), and may not set the parameters of its root parent, even to
 * the priority that parent already has (EPERM, the parent's SCHED_FIFO
 * 7 read back). Each value is read back from the kernel (rt_priority).
 */
#include "pts_rtprio.h"

static pid_t parent;

static int setp(pid_t pid, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	errno = 0;
	return sched_setparam(pid, &sp) ? errno : 0;
}

static int unprivileged(void)
{
	struct sched_param sp = { .sched_priority = 5 };
	int e;

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("nobody: sched_setscheduler(FIFO 5): %m");
	e = setp(0, PTS_RTPRIO_LIM);
	if (e || pts_task_stat(getpid(), 40) != PTS_RTPRIO_LIM)
		PTS_FAILED("raising to the limit %d: %s", PTS_RTPRIO_LIM,
			   e ? strerrorname_np(e) : "not applied");
	e = setp(0, PTS_RTPRIO_LIM + 1);
	if (e != EPERM || pts_task_stat(getpid(), 40) != PTS_RTPRIO_LIM)
		PTS_FAILED("raising above the limit: %s, priority %lld",
			   e ? strerrorname_np(e) : "success",
			   pts_task_stat(getpid(), 40));
	e = setp(0, 3);
	if (e || pts_task_stat(getpid(), 40) != 3)
		PTS_FAILED("lowering to 3: %s", e ? strerrorname_np(e) : "not applied");
	e = setp(parent, 7);
	if (e != EPERM)
		PTS_FAILED("the root parent's parameters: %s, expected EPERM",
			   e ? strerrorname_np(e) : "success");
	return PTS_PASS;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 7 };

	pts_need_sched_fifo();
	parent = getpid();
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 7): %m");
	pts_rtprio_in_child(unprivileged);
	if (pts_task_stat(getpid(), 40) != 7 || pts_task_stat(getpid(), 41) != SCHED_FIFO)
		PTS_FAILED("the parent's scheduling changed");
	PTS_PASSED("EPERM above RLIMIT_RTPRIO and for a root process");
}
