// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler() fails with [EINVAL] "if the value of the policy
 * parameter is invalid, or one or more of the parameters contained in
 * param is outside the valid range for the specified scheduling
 * policy", and the process keeps its policy and priority. From
 * SCHED_RR 5: policy 4 (a number Linux leaves unused), 7, 0x100 and
 * INT_MIN; SCHED_DEADLINE (6 on Linux), which needs attributes this call
 * cannot pass; SCHED_BATCH and SCHED_IDLE (Linux extensions, priority
 * 0 only) with priority 1; SCHED_FIFO and SCHED_RR with priority
 * max + 1 and 0, and SCHED_OTHER with -1 - each -1 [EINVAL], and
 * sched_getscheduler() and sched_getparam() still read SCHED_RR 5.
 */
#include <limits.h>

#include "pts_helpers.h"

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

int main(void)
{
	struct {
		int pol, prio;
	} bad[] = {
		{ 4, 0 }, { 7, 0 }, { 0x100, 0 }, { INT_MIN, 0 },
		{ SCHED_DEADLINE, 0 }, { SCHED_BATCH, 1 }, { SCHED_IDLE, 1 },
		{ SCHED_FIFO, 0 }, { SCHED_RR, 0 }, { SCHED_OTHER, -1 },
		{ SCHED_FIFO, -1 }, { SCHED_FIFO, -2 }, { SCHED_RR, -2 },
	};
	struct sched_param sp = { .sched_priority = 5 };
	unsigned int i, n = sizeof(bad) / sizeof(bad[0]);
	char what[80];

	pts_need_sched_fifo();
	/* the two max + 1 cases, known only at run time */
	bad[n - 2].prio = sched_get_priority_max(SCHED_FIFO) + 1;
	bad[n - 1].prio = sched_get_priority_max(SCHED_RR) + 1;
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("sched_setscheduler(SCHED_RR 5): %m");
	for (i = 0; i < n; i++) {
		sp.sched_priority = bad[i].prio;
		snprintf(what, sizeof(what), "sched_setscheduler(policy %d, prio %d)",
			 bad[i].pol, bad[i].prio);
		PTS_EXPECT_ERRNO(sched_setscheduler(0, bad[i].pol, &sp), EINVAL, what);
		if (sched_getscheduler(0) != SCHED_RR || sched_getparam(0, &sp) ||
		    sp.sched_priority != 5 || pts_task_stat(getpid(), 40) != 5)
			PTS_FAILED("%s changed the scheduling (policy %d prio %d)", what,
				   sched_getscheduler(0), sp.sched_priority);
	}
	PTS_PASSED("EINVAL for %u bad policies or priorities, SCHED_RR 5 kept", n);
}
