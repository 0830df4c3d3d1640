// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(): the kernel-scheduled entity of the process gets
 * the policy and parameters given, as the scheduler itself keeps them
 * (/proc/PID/stat: policy field 41, rt_priority 40 and the kernel
 * priority 18, which is -1 - rt_priority for a realtime task and
 * 20 + nice otherwise). A child waiting on a pipe is set by its parent
 * to SCHED_FIFO 17, SCHED_RR 33, SCHED_FIFO at the policy's maximum and
 * back to SCHED_OTHER 0; after each call (which returns 0) the three
 * fields are exactly as expected, and the child also reads the same
 * policy and priority for itself at the end.
 */
#include <sys/prctl.h>

#include "pts_helpers.h"

static pid_t child;

static void set_check(int pol, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	long long kpol, krt, kprio, want;

	if (sched_setscheduler(child, pol, &sp))
		PTS_FAILED("sched_setscheduler(child, %d, %d): %m", pol, prio);
	kpol = pts_task_stat(child, 41);
	krt = pts_task_stat(child, 40);
	kprio = pts_task_stat(child, 18);
	want = pol == SCHED_OTHER ? 20 : -1 - prio;
	if (kpol != pol || krt != prio || kprio != want)
		PTS_FAILED("policy %d prio %d: kernel policy %lld rt_priority %lld "
			   "priority %lld (expected %d %d %lld)", pol, prio, kpol, krt,
			   kprio, pol, prio, want);
}

int main(void)
{
	int p[2], q[2], status, fmax = sched_get_priority_max(SCHED_FIFO);
	char c;

	pts_need_sched_fifo();
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	child = fork();
	if (child < 0)
		PTS_UNRES("fork(): %m");
	if (!child) {
		struct sched_param sp;

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		if (sched_getscheduler(0) != SCHED_RR || sched_getparam(0, &sp) ||
		    sp.sched_priority != 33)
			_exit(PTS_FAIL);
		_exit(0);
	}
	close(p[0]);
	set_check(SCHED_FIFO, 17);
	set_check(SCHED_RR, 33);
	set_check(SCHED_FIFO, fmax);
	set_check(SCHED_OTHER, 0);
	set_check(SCHED_RR, 33);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
		PTS_UNRES("child status 0x%x", status);
	if (WEXITSTATUS(status))
		PTS_FAILED("the child read another policy or priority for itself");
	PTS_PASSED("policy, rt_priority and kernel priority set as asked");
}
