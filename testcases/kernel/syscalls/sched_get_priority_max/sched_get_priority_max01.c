// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_get_priority_max(2) returns the highest static priority of each
 * policy: 99 for SCHED_FIFO and SCHED_RR, 0 for SCHED_OTHER, SCHED_BATCH,
 * SCHED_IDLE and SCHED_DEADLINE (the values Linux has always had, which
 * sched_setscheduler() enforces). An unknown policy (-1, the unused 4,
 * 1000) is EINVAL, and so is a policy with SCHED_RESET_ON_FORK or-ed in: it
 * is a flag of sched_setscheduler(), not a policy.
 */
#define PRIO_CALL sched_get_priority_max
#define PRIO_NAME "sched_get_priority_max"
#define PRIO_RT 99

#include "sched_priority.h"

/* Here, not in the shared header: the catalog finds a test by its struct. */
static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
};
