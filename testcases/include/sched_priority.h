/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of sched_get_priority_max01 and sched_get_priority_min01: the
 * two syscalls take the same policies and refuse the same ones, and differ
 * only in the bound they return for SCHED_FIFO and SCHED_RR (99 and 1).
 * The including test defines PRIO_CALL (the function under test),
 * PRIO_NAME (its name, for the messages) and PRIO_RT (the real-time bound)
 * first.
 */
#ifndef SCHED_PRIORITY_H
#define SCHED_PRIORITY_H

#include "sched_setparam.h"

static const struct tcase {
	int policy;
	const char *name;
	int expect;
} tcases[] = {
	{ SCHED_FIFO, "SCHED_FIFO", PRIO_RT },
	{ SCHED_RR, "SCHED_RR", PRIO_RT },
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
		TST_EXP_FAIL(PRIO_CALL(tc->policy), EINVAL, PRIO_NAME "(%s)",
			     tc->name);
	else
		TST_EXP_VAL(PRIO_CALL(tc->policy), tc->expect, PRIO_NAME "(%s)",
			    tc->name);
}

#endif /* SCHED_PRIORITY_H */
