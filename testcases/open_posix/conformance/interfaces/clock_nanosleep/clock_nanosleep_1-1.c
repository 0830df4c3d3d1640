// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() with TIMER_ABSTIME: the call returns when the clock
 * reaches the requested time, not before; "if, at the time of the call,
 * the time value specified by rqtp is less than or equal to the time
 * value of the specified clock, then clock_nanosleep() shall return
 * immediately". Checked on CLOCK_MONOTONIC and CLOCK_REALTIME, 100 ms
 * ahead and 1 s in the past.
 */
#include "pts_helpers.h"

static void one(clockid_t clk, const char *name)
{
	struct timespec at = pts_deadline(clk, 100000000);
	long long m0, m1;
	int err;

	err = clock_nanosleep(clk, TIMER_ABSTIME, &at, NULL);
	if (err)
		PTS_FAILED("%s: clock_nanosleep() returned %d", name, err);
	if (pts_now(clk) < pts_ts_ns(&at))
		PTS_FAILED("%s: returned before the absolute time", name);
	at = pts_ns_ts(pts_now(clk) - PTS_NSEC);
	m0 = pts_now(CLOCK_MONOTONIC);
	err = clock_nanosleep(clk, TIMER_ABSTIME, &at, NULL);
	m1 = pts_now(CLOCK_MONOTONIC);
	if (err)
		PTS_FAILED("%s: past time: returned %d", name, err);
	if (m1 - m0 > pts_bound_ns(1) / 2)
		PTS_FAILED("%s: a time in the past slept %lld ns", name, m1 - m0);
}

int main(void)
{
	one(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
	one(CLOCK_REALTIME, "CLOCK_REALTIME");
	PTS_PASSED("absolute sleeps end at the time, a past time returns at once");
}
