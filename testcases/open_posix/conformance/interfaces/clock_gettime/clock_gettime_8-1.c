// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_gettime() fails with -1 [EINVAL] when clock_id does not name a
 * known clock, and leaves tp untouched; clock_getres() likewise
 * (assertion 6 of clock_getres). The IDs tried are those around the end
 * of the kernel's clock table: 10 (CLOCK_SGI_CYCLE, removed), 12 to 15
 * (unused), 24 (past the auxiliary clocks 16..23 that Linux 6.17 added),
 * 1000 and INT_MAX. The same calls on CLOCK_MONOTONIC succeed, so only
 * the ID was wrong.
 */
#include <limits.h>
#include "pts_helpers.h"

int main(void)
{
	static const int ids[] = { 10, 12, 13, 14, 15, 24, 1000, INT_MAX };
	struct timespec ts;
	char what[48];
	unsigned int i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		ts.tv_sec = 77;
		ts.tv_nsec = 88;
		snprintf(what, sizeof(what), "clock_gettime(clock %d)", ids[i]);
		PTS_EXPECT_ERRNO(clock_gettime((clockid_t)ids[i], &ts), EINVAL, what);
		if (ts.tv_sec != 77 || ts.tv_nsec != 88)
			PTS_FAILED("%s failed but wrote tp", what);
		snprintf(what, sizeof(what), "clock_getres(clock %d)", ids[i]);
		PTS_EXPECT_ERRNO(clock_getres((clockid_t)ids[i], &ts), EINVAL, what);
		if (ts.tv_sec != 77 || ts.tv_nsec != 88)
			PTS_FAILED("%s failed but wrote res", what);
	}
	if (clock_gettime(CLOCK_MONOTONIC, &ts) || clock_getres(CLOCK_MONOTONIC, &ts))
		PTS_FAILED("CLOCK_MONOTONIC: %m");
	PTS_PASSED("EINVAL and tp untouched for %zu undefined clocks",
		   sizeof(ids) / sizeof(ids[0]));
}
