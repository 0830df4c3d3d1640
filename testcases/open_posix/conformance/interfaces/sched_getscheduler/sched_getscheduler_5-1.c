// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getscheduler() returns -1 on failure: [ESRCH] for a pid that
 * names no process (a reaped child, INT_MAX), [EINVAL] for a negative
 * pid (Linux; -1 and INT_MIN) - exactly -1, never a policy value - while
 * the caller's own policy (pid 0 and getpid()) reads SCHED_OTHER.
 */
#include "pts_gonepid.h"

int main(void)
{
	pid_t gone[PTS_GONE_NPIDS];
	char what[64];
	int i;

	pts_gone_pids(gone);
	for (i = 0; i < PTS_GONE_NPIDS; i++) {
		snprintf(what, sizeof(what), "sched_getscheduler(%d)", (int)gone[i]);
		PTS_EXPECT_ERRNO(sched_getscheduler(gone[i]), ESRCH, what);
	}
	PTS_EXPECT_ERRNO(sched_getscheduler(-1), EINVAL, "sched_getscheduler(-1)");
	PTS_EXPECT_ERRNO(sched_getscheduler(INT_MIN), EINVAL,
			 "sched_getscheduler(INT_MIN)");
	if (sched_getscheduler(0) != SCHED_OTHER ||
	    sched_getscheduler(getpid()) != SCHED_OTHER)
		PTS_FAILED("the caller's policy is not SCHED_OTHER: %m");
	PTS_PASSED("-1 with ESRCH and EINVAL");
}
