// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime() errors: [EINVAL] for a tv_nsec outside [0, 1e9) and
 * for CLOCK_MONOTONIC, which cannot be set; [EPERM] for a process
 * without the privilege to set CLOCK_REALTIME (nobody), even to its
 * current value. Setting CLOCK_REALTIME as root to the time just read
 * (so the clock is not disturbed) succeeds.
 */
#include "pts_helpers.h"

static int child(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	PTS_EXPECT_ERRNO(clock_settime(CLOCK_REALTIME, &ts), EPERM,
			 "clock_settime(CLOCK_REALTIME) as nobody");
	return PTS_PASS;
}

int main(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec = 1000000000;
	PTS_EXPECT_ERRNO(clock_settime(CLOCK_REALTIME, &ts), EINVAL,
			 "clock_settime(tv_nsec 1e9)");
	ts.tv_nsec = -1;
	PTS_EXPECT_ERRNO(clock_settime(CLOCK_REALTIME, &ts), EINVAL,
			 "clock_settime(tv_nsec -1)");
	clock_gettime(CLOCK_MONOTONIC, &ts);
	PTS_EXPECT_ERRNO(clock_settime(CLOCK_MONOTONIC, &ts), EINVAL,
			 "clock_settime(CLOCK_MONOTONIC)");
	clock_gettime(CLOCK_REALTIME, &ts);
	if (clock_settime(CLOCK_REALTIME, &ts))
		PTS_FAILED("clock_settime(CLOCK_REALTIME) as root: %m");
	pts_run_as_nobody(child, "unprivileged child");
	PTS_PASSED("EINVAL and EPERM as specified, root may set the clock");
}
