// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_get_priority_min(): returns the minimum priority of each policy,
 * 1 for SCHED_FIFO and SCHED_RR (with max - min + 1 >= 32, the range
 * POSIX requires) and 0 for SCHED_OTHER, the same value every call; an
 * invalid policy (-1, 4, 8, 1000, INT_MIN) fails with -1 and [EINVAL]
 * (not 7: 6.12 answers for SCHED_EXT even without sched_ext built). A
 * process may be set to the minimum (accepted) but not below it
 * ([EINVAL]).
 */
#include <limits.h>

#include "pts_helpers.h"

int main(void)
{
	static const int bad[] = { -1, 4, 8, 1000, INT_MIN };
	struct sched_param sp;
	int fmin, rmin, omin, i;

	fmin = sched_get_priority_min(SCHED_FIFO);
	rmin = sched_get_priority_min(SCHED_RR);
	omin = sched_get_priority_min(SCHED_OTHER);
	if (fmin != 1 || rmin != 1 || omin != 0)
		PTS_FAILED("minimum FIFO %d RR %d OTHER %d, expected 1 1 0", fmin, rmin, omin);
	if (sched_get_priority_max(SCHED_FIFO) - fmin + 1 < 32 ||
	    sched_get_priority_max(SCHED_RR) - rmin + 1 < 32)
		PTS_FAILED("a realtime priority range is narrower than 32");
	if (sched_get_priority_min(SCHED_FIFO) != fmin)
		PTS_FAILED("minimum changed between calls");
	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++)
		PTS_EXPECT_ERRNO(sched_get_priority_min(bad[i]), EINVAL,
				 "sched_get_priority_min(invalid policy)");
	sp.sched_priority = fmin - 1;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_FIFO, &sp), EINVAL,
			 "SCHED_FIFO below the minimum");
	sp.sched_priority = fmin;
	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		if (errno == EPERM)
			PTS_UNSUPP("SCHED_FIFO not permitted here");
		PTS_FAILED("SCHED_FIFO at the minimum %d: %m", fmin);
	}
	if (sched_getparam(0, &sp) || sp.sched_priority != fmin)
		PTS_FAILED("priority read back %d, expected %d", sp.sched_priority, fmin);
	sp.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &sp);
	PTS_PASSED("minimum 1/1/0, ranges of at least 32, EINVAL, minimum usable");
}
