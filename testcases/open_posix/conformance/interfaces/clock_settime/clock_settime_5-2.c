// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME) does not affect nanosleep(), a relative
 * sleep: a thread in nanosleep(1 s) while the clock is set an hour
 * back returns 0 once 1 s has passed (CLOCK_MONOTONIC, a lower
 * bound), within the bounded wait, not an hour later.
 */
#include "pts_clockset.h"

#define VAL PTS_NSEC

static int sleep_rel(void *arg)
{
	struct timespec ts = pts_ns_ts(VAL);

	(void)arg;
	return nanosleep(&ts, NULL);
}

int main(void)
{
	struct pts_clockset_sleeper sl = { .fn = sleep_rel };
	long long dt;
	int r;

	r = pts_clockset_sleep_back(&sl, "nanosleep(1 s)", &dt);
	if (r)
		PTS_FAILED("nanosleep() returned %d (%s)", r, strerror(sl.err));
	if (dt < VAL)
		PTS_FAILED("nanosleep(1 s) returned after %lld ns", dt);
	PTS_PASSED("nanosleep(1 s) returned 0 after %lld ms, the clock set back an hour meanwhile",
		   dt / 1000000);
}
