// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * time() returns the seconds since the Epoch of the system's clock, so
 * it follows clock_settime(CLOCK_REALTIME) at once: with the clock set
 * an hour back (to a whole second plus 0.5 s), time() returns, with the
 * value stored through tloc the same, a second count between that set
 * second and it plus the seconds passed since the call (rounded up),
 * not the hour-later value. The true time is put back at once.
 */
#include "pts_clockset.h"

int main(void)
{
	struct timespec set;
	long long m0, up;
	time_t r, stored = 0;

	pts_clockset_begin();
	set.tv_sec = (pts_clockset_true() / PTS_NSEC) - 3600;
	set.tv_nsec = 500000000;
	m0 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_moved = 1;
	if (clock_settime(CLOCK_REALTIME, &set))
		PTS_UNRES("clock_settime(): %m");
	r = time(&stored);
	up = (pts_now(CLOCK_MONOTONIC) - m0 + PTS_NSEC - 1) / PTS_NSEC;
	pts_clockset_restore();
	if (r != stored)
		PTS_FAILED("time() returned %lld but stored %lld", (long long)r,
			   (long long)stored);
	if (r < set.tv_sec || r > set.tv_sec + up)
		PTS_FAILED("time() %lld after setting the clock to %lld.5 (%lld s passed)",
			   (long long)r, (long long)set.tv_sec, up);
	PTS_PASSED("time() followed the clock set an hour back (%lld, set %lld.5)",
		   (long long)r, (long long)set.tv_sec);
}
