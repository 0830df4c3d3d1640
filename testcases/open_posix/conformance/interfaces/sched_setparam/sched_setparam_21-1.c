// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Threads created after sched_setparam() inherit the scheduling
 * parameters it set, with the policy kept: with main at SCHED_RR 4,
 * sched_setparam(0, 9) makes a new thread SCHED_RR 9, and after
 * sched_setparam(getpid(), 2) the next one is SCHED_RR 2
 * (pthread_getschedparam() and the kernel's policy and rt_priority of
 * the thread's TID, pts_rtprio.h).
 */
#include "pts_rtprio.h"

int main(void)
{
	struct sched_param sp = { .sched_priority = 4 };

	pts_need_sched_fifo();
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("sched_setscheduler(RR 4): %m");
	pts_check_new_thread(SCHED_RR, 4);
	sp.sched_priority = 9;
	if (sched_setparam(0, &sp))
		PTS_FAILED("sched_setparam(0, 9): %m");
	pts_check_new_thread(SCHED_RR, 9);
	sp.sched_priority = 2;
	if (sched_setparam(getpid(), &sp))
		PTS_FAILED("sched_setparam(getpid(), 2): %m");
	pts_check_new_thread(SCHED_RR, 2);
	PTS_PASSED("new threads inherit RR 4, then 9, then 2");
}
