// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep(): suspends the caller at least the time requested (read on
 * CLOCK_MONOTONIC, for 1 ns, 20 ms and 1.1 s, the last crossing a second
 * boundary of tv_sec plus tv_nsec), returning 0; a zero interval returns
 * 0 at once. The caller is really asleep, not spinning: its CPU time
 * over the 1.1 s sleep stays far below it.
 */
#include "pts_helpers.h"

static void check(time_t s, long ns)
{
	struct timespec req = { s, ns };
	long long t0, t1, c0, c1;

	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	t0 = pts_now(CLOCK_MONOTONIC);
	if (nanosleep(&req, NULL))
		PTS_FAILED("nanosleep(%ld.%09ld): %m", (long)s, ns);
	t1 = pts_now(CLOCK_MONOTONIC);
	c1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (t1 - t0 < pts_ts_ns(&req))
		PTS_FAILED("nanosleep(%ld.%09ld) returned after %lld ns", (long)s, ns,
			   t1 - t0);
	if (pts_ts_ns(&req) >= PTS_NSEC && c1 - c0 > pts_ts_ns(&req) / 4)
		PTS_FAILED("%lld ns of CPU time used in a %lld ns sleep", c1 - c0,
			   pts_ts_ns(&req));
}

int main(void)
{
	struct timespec z = { 0, 0 };

	if (nanosleep(&z, NULL))
		PTS_FAILED("nanosleep(0): %m");
	check(0, 1);
	check(0, 20000000);
	check(1, 100000000);
	PTS_PASSED("sleeps at least the interval, asleep, 0 returned");
}
