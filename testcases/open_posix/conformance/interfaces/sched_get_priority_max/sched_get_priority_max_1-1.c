// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_get_priority_max()/sched_get_priority_min(): for SCHED_FIFO and
 * SCHED_RR the range spans at least 32 priorities (POSIX requires it for
 * each policy), and both policies share it on Linux (1..99); SCHED_OTHER
 * has the single priority 0; an unknown policy fails with [EINVAL].
 */
#include <sched.h>

#include "pts_helpers.h"

int main(void)
{
	static const int pol[] = { SCHED_FIFO, SCHED_RR };
	unsigned int i;
	int lo, hi;

	for (i = 0; i < 2; i++) {
		lo = sched_get_priority_min(pol[i]);
		hi = sched_get_priority_max(pol[i]);
		if (lo == -1 || hi == -1)
			PTS_FAILED("policy %d: %m", pol[i]);
		if (hi - lo < 31)
			PTS_FAILED("policy %d range %d..%d: fewer than 32", pol[i], lo,
				   hi);
		if (lo != 1 || hi != 99)
			PTS_FAILED("policy %d range %d..%d, Linux has 1..99", pol[i], lo,
				   hi);
	}
	if (sched_get_priority_min(SCHED_OTHER) != 0 ||
	    sched_get_priority_max(SCHED_OTHER) != 0)
		PTS_FAILED("SCHED_OTHER range is not 0..0");
	PTS_EXPECT_ERRNO(sched_get_priority_max(-1), EINVAL,
			 "sched_get_priority_max(-1)");
	PTS_EXPECT_ERRNO(sched_get_priority_min(1234), EINVAL,
			 "sched_get_priority_min(1234)");
	PTS_PASSED("priority ranges of at least 32, EINVAL for a bad policy");
}
