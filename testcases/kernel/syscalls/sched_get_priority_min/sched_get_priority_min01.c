// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_get_priority_min(2) returns the lowest static priority of each
 * policy: 1 for SCHED_FIFO and SCHED_RR, 0 for SCHED_OTHER, SCHED_BATCH,
 * SCHED_IDLE and SCHED_DEADLINE (the values Linux has always had, which
 * sched_setscheduler() enforces). An unknown policy (-1, the unused 4,
 * 1000) is EINVAL, and so is a policy with SCHED_RESET_ON_FORK or-ed in: it
 * is a flag of sched_setscheduler(), not a policy.
 */
#include "../sched_setparam/sched_setparam.h"

#ifndef SCHED_RESET_ON_FORK
# define SCHED_RESET_ON_FORK 0x40000000
#endif
#ifndef SCHED_DEADLINE
# define SCHED_DEADLINE 6
#endif

static const struct tcase {
	int policy;
	const char *name;
	int expect;
} tcases[] = {
	{ SCHED_FIFO, "SCHED_FIFO", 1 },
	{ SCHED_RR, "SCHED_RR", 1 },
	{ SCHED_OTHER, "SCHED_OTHER", 0 },
	{ SCHED_BATCH, "SCHED_BATCH", 0 },
	{ SCHED_IDLE, "SCHED_IDLE", 0 },
	{ SCHED_DEADLINE, "SCHED_DEADLINE", 0 },
	{ -1, "-1", -1 },
	{ 4, "4 (unused)", -1 },
	{ 1000, "1000", -1 },
	{ SCHED_FIFO | SCHED_RESET_ON_FORK, "SCHED_FIFO | SCHED_RESET_ON_FORK",
	  -1 },
};

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];

	if (tc->expect < 0)
		TST_EXP_FAIL(sched_get_priority_min(tc->policy), EINVAL,
			     "sched_get_priority_min(%s)", tc->name);
	else
		TST_EXP_VAL(sched_get_priority_min(tc->policy), tc->expect,
			    "sched_get_priority_min(%s)", tc->name);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
};
