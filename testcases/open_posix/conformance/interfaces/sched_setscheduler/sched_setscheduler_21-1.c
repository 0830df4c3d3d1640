// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler() fails with -1 [ESRCH] when "no process can be
 * found corresponding to that specified by pid" (a reaped child,
 * INT_MAX), for a change to SCHED_FIFO 10 and to SCHED_OTHER 0, and with
 * [EINVAL] for a negative pid (Linux; -1 and INT_MIN); none of the
 * failed calls changes the caller, which stays SCHED_RR 3 (read from
 * sched_getscheduler(), sched_getparam() and the kernel's
 * /proc/self/stat policy and rt_priority).
 */
#include "pts_gonepid.h"

static void expect_fail(pid_t pid, int pol, int prio, int e)
{
	struct sched_param sp = { .sched_priority = prio };
	char what[80];

	snprintf(what, sizeof(what), "sched_setscheduler(%d, %d, %d)", (int)pid,
		 pol, prio);
	PTS_EXPECT_ERRNO(sched_setscheduler(pid, pol, &sp), e, what);
	if (sched_getscheduler(0) != SCHED_RR || sched_getparam(0, &sp) ||
	    sp.sched_priority != 3 || pts_task_stat(getpid(), 41) != SCHED_RR ||
	    pts_task_stat(getpid(), 40) != 3)
		PTS_FAILED("%s changed the caller's scheduling", what);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 3 };
	pid_t gone[PTS_GONE_NPIDS];
	int i;

	pts_need_sched_fifo();
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("sched_setscheduler(SCHED_RR 3): %m");
	pts_gone_pids(gone);
	for (i = 0; i < PTS_GONE_NPIDS; i++) {
		expect_fail(gone[i], SCHED_FIFO, 10, ESRCH);
		expect_fail(gone[i], SCHED_OTHER, 0, ESRCH);
	}
	expect_fail(-1, SCHED_FIFO, 10, EINVAL);
	expect_fail(INT_MIN, SCHED_OTHER, 0, EINVAL);
	PTS_PASSED("ESRCH for absent pids, EINVAL for negative ones, caller kept");
}
