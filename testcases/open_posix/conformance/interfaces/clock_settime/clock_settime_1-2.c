// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime() sets the clock to the value given: CLOCK_REALTIME set
 * to the true time less an hour (and less 123456789 ns) then reads,
 * with clock_gettime() and gettimeofday(), no earlier than the value
 * set and no later than it plus the CLOCK_MONOTONIC time passed since
 * the call began (plus a microsecond for gettimeofday()'s truncation).
 * The true time is put back at once.
 */
#include <sys/time.h>
#include "pts_clockset.h"

#define SHIFT (-3600 * PTS_NSEC - 123456789LL)

int main(void)
{
	struct timespec set;
	struct timeval tv;
	long long m0, m1, got, g;

	pts_clockset_begin();
	set = pts_ns_ts(pts_clockset_true() + SHIFT);
	m0 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_moved = 1;
	if (clock_settime(CLOCK_REALTIME, &set))
		PTS_UNRES("clock_settime(): %m");
	got = pts_now(CLOCK_REALTIME);
	gettimeofday(&tv, NULL);
	m1 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_restore();
	g = tv.tv_sec * PTS_NSEC + tv.tv_usec * 1000LL;
	if (got < pts_ts_ns(&set) || got > pts_ts_ns(&set) + (m1 - m0))
		PTS_FAILED("clock_gettime() read %lld ns after setting %lld ns (window %lld ns)",
			   got, pts_ts_ns(&set), m1 - m0);
	if (g < pts_ts_ns(&set) - 1000 || g > pts_ts_ns(&set) + (m1 - m0))
		PTS_FAILED("gettimeofday() read %lld ns after setting %lld ns",
			   g, pts_ts_ns(&set));
	PTS_PASSED("CLOCK_REALTIME read back %lld ns after the value set",
		   got - pts_ts_ns(&set));
}
