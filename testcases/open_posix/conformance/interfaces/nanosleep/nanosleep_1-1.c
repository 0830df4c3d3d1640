// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep(): [EINVAL] "The rqtp argument specified a nanosecond value
 * less than zero or greater than or equal to 1000 million"; Linux also
 * refuses a negative tv_sec. The call fails at once, without sleeping.
 * tv_nsec 999999999 is valid and sleeps at least that long.
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec ts;
	long long t0, t1;

	ts.tv_sec = 0;
	ts.tv_nsec = 1000000000;
	PTS_EXPECT_ERRNO(nanosleep(&ts, NULL), EINVAL, "nanosleep(tv_nsec 1e9)");
	ts.tv_nsec = -1;
	PTS_EXPECT_ERRNO(nanosleep(&ts, NULL), EINVAL, "nanosleep(tv_nsec -1)");
	ts.tv_sec = 10;
	ts.tv_nsec = 2000000000L;
	PTS_EXPECT_ERRNO(nanosleep(&ts, NULL), EINVAL,
			 "nanosleep(10 s, tv_nsec 2e9)");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	PTS_EXPECT_ERRNO(nanosleep(&ts, NULL), EINVAL, "nanosleep(tv_sec -1)");
	ts.tv_sec = 0;
	ts.tv_nsec = 999999999;
	t0 = pts_now(CLOCK_MONOTONIC);
	if (nanosleep(&ts, NULL))
		PTS_FAILED("nanosleep(999999999 ns): %m");
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 < 999999999)
		PTS_FAILED("slept %lld ns, less than requested", t1 - t0);
	PTS_PASSED("EINVAL for out-of-range values, the maximum tv_nsec valid");
}
