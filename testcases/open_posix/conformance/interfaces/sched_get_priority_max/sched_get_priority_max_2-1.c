// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The value sched_get_priority_max() returns is a usable priority of
 * that policy and the largest: for SCHED_FIFO and SCHED_RR,
 * sched_setscheduler() with the maximum succeeds (policy and priority
 * read back by sched_getscheduler()/sched_getparam(), and /proc stat's
 * rt_priority), sched_setparam() with the maximum + 1 fails with
 * [EINVAL] and leaves the maximum in force; so does sched_setscheduler()
 * with the maximum + 1. Linux's other policies SCHED_BATCH and
 * SCHED_IDLE have 0 as both maximum and minimum, and priority 1 is
 * [EINVAL] for them. Done in a child, which exits at once.
 */
#include "pts_helpers.h"

static int check(int pol, const char *name)
{
	struct sched_param sp;
	int max = sched_get_priority_max(pol);

	if (max < 1)
		PTS_FAILED("%s max %d", name, max);
	sp.sched_priority = max;
	if (sched_setscheduler(0, pol, &sp))
		PTS_FAILED("sched_setscheduler(%s, max %d): %m", name, max);
	sp.sched_priority = -1;
	if (sched_getscheduler(0) != pol || sched_getparam(0, &sp) ||
	    sp.sched_priority != max)
		PTS_FAILED("%s: read back policy %d priority %d", name,
			   sched_getscheduler(0), sp.sched_priority);
	if (pts_task_stat(getpid(), 40) != max)
		PTS_FAILED("%s: /proc rt_priority %lld, %d expected", name,
			   pts_task_stat(getpid(), 40), max);
	sp.sched_priority = max + 1;
	PTS_EXPECT_ERRNO(sched_setparam(0, &sp), EINVAL, "sched_setparam(max + 1)");
	PTS_EXPECT_ERRNO(sched_setscheduler(0, pol, &sp), EINVAL,
			 "sched_setscheduler(max + 1)");
	sp.sched_priority = -1;
	if (sched_getscheduler(0) != pol || sched_getparam(0, &sp) ||
	    sp.sched_priority != max)
		PTS_FAILED("%s: after EINVAL policy %d priority %d", name,
			   sched_getscheduler(0), sp.sched_priority);
	sp.sched_priority = 0;
	if (sched_setscheduler(0, SCHED_OTHER, &sp))
		PTS_UNRES("back to SCHED_OTHER: %m");
	return PTS_PASS;
}

static int child(void)
{
	struct sched_param sp = { .sched_priority = 1 };
	int pols[] = { SCHED_BATCH, SCHED_IDLE };
	const char *names[] = { "SCHED_BATCH", "SCHED_IDLE" };
	int i;

	check(SCHED_FIFO, "SCHED_FIFO");
	check(SCHED_RR, "SCHED_RR");
	for (i = 0; i < 2; i++) {
		if (sched_get_priority_max(pols[i]) != 0 ||
		    sched_get_priority_min(pols[i]) != 0)
			PTS_FAILED("%s range %d..%d, 0..0 expected", names[i],
				   sched_get_priority_min(pols[i]),
				   sched_get_priority_max(pols[i]));
		PTS_EXPECT_ERRNO(sched_setscheduler(0, pols[i], &sp), EINVAL,
				 "priority 1 for SCHED_BATCH/SCHED_IDLE");
	}
	return PTS_PASS;
}

int main(void)
{
	pts_need_sched_fifo();
	pts_run_child(child, "policy child");
	PTS_PASSED("the maximum is usable, max + 1 EINVAL, BATCH/IDLE 0..0");
}
