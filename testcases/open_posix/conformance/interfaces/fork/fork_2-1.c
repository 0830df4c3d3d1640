// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() and scheduling: "The child process shall inherit the scheduling
 * policy and associated attributes of the parent" (SCHED_RR, priority
 * 7); the child's CPU time starts at zero ("tms_utime ... shall be set
 * to 0"): its CLOCK_PROCESS_CPUTIME_ID reads less than the parent's
 * after the parent has spun 50 ms.
 */
#include <sched.h>

#include "pts_helpers.h"

static long long parent_cpu;

static int grandchild_check(void)
{
	struct sched_param p;

	if (sched_getscheduler(0) != SCHED_RR)
		PTS_FAILED("the child's policy is %d, not SCHED_RR",
			   sched_getscheduler(0));
	if (sched_getparam(0, &p) || p.sched_priority != 7)
		PTS_FAILED("the child's priority is %d, not 7", p.sched_priority);
	if (pts_now(CLOCK_PROCESS_CPUTIME_ID) >= parent_cpu)
		PTS_FAILED("the child's CPU time %lld ns did not start from zero",
			   pts_now(CLOCK_PROCESS_CPUTIME_ID));
	return PTS_PASS;
}

static int rr_parent(void)
{
	struct sched_param p = { .sched_priority = 7 };
	long long c0;

	if (sched_setscheduler(0, SCHED_RR, &p) == -1)
		PTS_UNRES("sched_setscheduler(): %m");
	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0 < 50000000)
		;
	parent_cpu = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	pts_run_child(grandchild_check, "forked child");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(rr_parent, "SCHED_RR parent");
	PTS_PASSED("policy and priority inherited, CPU time restarted");
}
