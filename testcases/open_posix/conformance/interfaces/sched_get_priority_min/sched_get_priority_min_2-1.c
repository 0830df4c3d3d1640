// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_get_priority_min() (and _max) return -1 on failure, with
 * [EINVAL], for a policy the system does not have - and only then.
 * Every policy the kernel schedules by (SCHED_OTHER, SCHED_FIFO,
 * SCHED_RR, and Linux's SCHED_BATCH, SCHED_IDLE, SCHED_DEADLINE) gives
 * its range, never -1: 1..99 for the two realtime policies, 0..0 for
 * the others. The gaps in the kernel's numbering fail: 4 (SCHED_ISO,
 * reserved, never implemented), 8, 9, and a valid policy with the
 * SCHED_RESET_ON_FORK flag, which sched_setscheduler() takes but the
 * range calls do not. 7 is SCHED_EXT from Linux 6.12 (0..0), unknown
 * before (-1 [EINVAL]): either, the same for both calls. The caller's
 * own policy is read back unchanged.
 */
#include <sched.h>

#include "pts_helpers.h"

#ifndef SCHED_RESET_ON_FORK
#define SCHED_RESET_ON_FORK 0x40000000
#endif
#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

int main(void)
{
	static const struct { int pol, min, max; } ok[] = {
		{ SCHED_OTHER, 0, 0 }, { SCHED_FIFO, 1, 99 }, { SCHED_RR, 1, 99 },
		{ SCHED_BATCH, 0, 0 }, { SCHED_IDLE, 0, 0 }, { SCHED_DEADLINE, 0, 0 },
	};
	static const int bad[] = {
		4, 8, 9, SCHED_FIFO | SCHED_RESET_ON_FORK,
		SCHED_OTHER | SCHED_RESET_ON_FORK,
	};
	unsigned int i;
	int before = sched_getscheduler(0);

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		int lo = sched_get_priority_min(ok[i].pol);
		int hi = sched_get_priority_max(ok[i].pol);

		printf("policy %d: %d..%d\n", ok[i].pol, lo, hi);
		if (lo != ok[i].min || hi != ok[i].max)
			PTS_FAILED("policy %d: range %d..%d, expected %d..%d",
				   ok[i].pol, lo, hi, ok[i].min, ok[i].max);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		printf("policy %#x: expecting -1 EINVAL\n", bad[i]);
		PTS_EXPECT_ERRNO(sched_get_priority_min(bad[i]), EINVAL,
				 "sched_get_priority_min(unknown policy)");
		PTS_EXPECT_ERRNO(sched_get_priority_max(bad[i]), EINVAL,
				 "sched_get_priority_max(unknown policy)");
	}
	errno = 0;
	i = sched_get_priority_min(7);
	printf("policy 7 (SCHED_EXT): %d..%d, errno %d\n", (int)i,
	       sched_get_priority_max(7), errno);
	if (!((int)i == 0 && sched_get_priority_max(7) == 0) &&
	    !((int)i == -1 && errno == EINVAL && sched_get_priority_max(7) == -1))
		PTS_FAILED("policy 7: neither 0..0 nor -1 EINVAL");
	if (sched_getscheduler(0) != before)
		PTS_FAILED("the caller's policy changed from %d", before);
	PTS_PASSED("ranges of the six policies, -1 EINVAL for the gaps and flags");
}
