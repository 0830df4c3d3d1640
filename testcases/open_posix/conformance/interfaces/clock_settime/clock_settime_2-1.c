// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime() fails with [EINVAL] for a clock_id that names no
 * clock (100, -1), for the clocks that cannot be set (Linux's
 * CLOCK_MONOTONIC_RAW, CLOCK_MONOTONIC_COARSE, CLOCK_REALTIME_COARSE,
 * CLOCK_BOOTTIME, CLOCK_TAI: no clock_set in their k_clock) and for a
 * CLOCK_REALTIME value "outside the valid range": a negative tv_sec and
 * LONG_MAX seconds (timespec64_valid_settod()). The arguments are
 * checked before the privilege: an unprivileged caller gets [EINVAL]
 * for each of these, [EPERM] only for a valid request. No failed call
 * moves CLOCK_REALTIME: its offset from CLOCK_MONOTONIC stays within a
 * second (a kernel that wrongly accepts one is put back at once).
 */
#include <limits.h>

#include "pts_helpers.h"

#ifndef CLOCK_TAI
#define CLOCK_TAI 11
#endif

static const struct {
	clockid_t id;
	const char *name;
} unsettable[] = {
	{ 100, "clock 100" },
	{ -1, "clock -1" },
	{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
	{ CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW" },
	{ CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE" },
	{ CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE" },
	{ CLOCK_BOOTTIME, "CLOCK_BOOTTIME" },
	{ CLOCK_TAI, "CLOCK_TAI" },
};

static long long offset;

/* CLOCK_REALTIME minus CLOCK_MONOTONIC */
static long long rt_offset(void)
{
	return pts_now(CLOCK_REALTIME) - pts_now(CLOCK_MONOTONIC);
}

static void check_unmoved(const char *what)
{
	long long d = rt_offset() - offset;
	struct timespec ts;

	if (d > -PTS_NSEC && d < PTS_NSEC)
		return;
	ts = pts_ns_ts(pts_now(CLOCK_MONOTONIC) + offset);
	clock_settime(CLOCK_REALTIME, &ts);
	PTS_FAILED("%s moved CLOCK_REALTIME by %lld ns", what, d);
}

#define EXPECT_EINVAL(clk, tsp, what) do { \
	PTS_EXPECT_ERRNO(clock_settime(clk, tsp), EINVAL, what); \
	check_unmoved(what); \
} while (0)

static void run_all(void)
{
	struct timespec ts;
	unsigned int i;

	for (i = 0; i < sizeof(unsettable) / sizeof(unsettable[0]); i++) {
		clock_gettime(CLOCK_REALTIME, &ts);
		EXPECT_EINVAL(unsettable[i].id, &ts, unsettable[i].name);
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec = -1;
	EXPECT_EINVAL(CLOCK_REALTIME, &ts, "CLOCK_REALTIME tv_sec -1");
	ts.tv_sec = LONG_MIN;
	EXPECT_EINVAL(CLOCK_REALTIME, &ts, "CLOCK_REALTIME tv_sec LONG_MIN");
	ts.tv_sec = LONG_MAX;
	ts.tv_nsec = 0;
	EXPECT_EINVAL(CLOCK_REALTIME, &ts, "CLOCK_REALTIME tv_sec LONG_MAX");
	ts.tv_sec = 1;
	ts.tv_nsec = 1000000000;
	EXPECT_EINVAL(CLOCK_REALTIME, &ts, "CLOCK_REALTIME tv_nsec 1e9");
}

static int child(void)
{
	struct timespec ts;

	run_all();
	clock_gettime(CLOCK_REALTIME, &ts);
	PTS_EXPECT_ERRNO(clock_settime(CLOCK_REALTIME, &ts), EPERM,
			 "a valid CLOCK_REALTIME as nobody");
	check_unmoved("nobody's valid request");
	return PTS_PASS;
}

int main(void)
{
	offset = rt_offset();
	run_all();
	pts_run_as_nobody(child, "unprivileged child");
	PTS_PASSED("EINVAL for unknown and unsettable clocks and out-of-range times, before EPERM");
}
