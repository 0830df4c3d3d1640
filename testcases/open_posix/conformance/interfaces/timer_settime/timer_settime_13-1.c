// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() fails with [EINVAL] when a tv_nsec of the new value is
 * below 0 or not below 1000 million while it_value is not zero, and the
 * failed call changes nothing: the timer keeps its setting (interval
 * 2 s, time left in (0, 5 s]) and ovalue is not written. The edge
 * 999999999 is valid in both members.
 */
#include "pts_helpers.h"

static timer_t t;

static void try_bad(long vsec, long vnsec, long insec, const char *what)
{
	struct itimerspec bad = { { 0, insec }, { vsec, vnsec } }, old, cur;

	memset(&old, 0x5a, sizeof(old));
	PTS_EXPECT_ERRNO(timer_settime(t, 0, &bad, &old), EINVAL, what);
	if (old.it_value.tv_sec != 0x5a5a5a5a5a5a5a5aLL)
		PTS_FAILED("%s: ovalue written", what);
	if (timer_gettime(t, &cur))
		PTS_UNRES("timer_gettime(): %m");
	if (cur.it_interval.tv_sec != 2 || cur.it_interval.tv_nsec ||
	    pts_ts_ns(&cur.it_value) <= 0 ||
	    pts_ts_ns(&cur.it_value) > 5 * PTS_NSEC)
		PTS_FAILED("%s changed the timer: interval %lld ns, left %lld ns",
			   what, pts_ts_ns(&cur.it_interval),
			   pts_ts_ns(&cur.it_value));
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec its = { { 2, 0 }, { 5, 0 } };
	struct itimerspec edge = { { 0, 999999999 }, { 100, 999999999 } }, cur;

	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	try_bad(1, 1000000000, 0, "it_value.tv_nsec 1e9");
	try_bad(1, -1, 0, "it_value.tv_nsec -1");
	try_bad(0, 1000000000, 0, "it_value { 0, 1e9 }");
	try_bad(1, 0, 1000000000, "it_interval.tv_nsec 1e9");
	try_bad(1, 0, -1, "it_interval.tv_nsec -1");

	if (timer_settime(t, 0, &edge, NULL))
		PTS_FAILED("tv_nsec 999999999 in both members: %m");
	if (timer_gettime(t, &cur))
		PTS_UNRES("timer_gettime(): %m");
	if (pts_ts_ns(&cur.it_interval) != 999999999 ||
	    pts_ts_ns(&cur.it_value) > pts_ts_ns(&edge.it_value) ||
	    pts_ts_ns(&cur.it_value) < 90 * PTS_NSEC)
		PTS_FAILED("edge setting read back as interval %lld, left %lld",
			   pts_ts_ns(&cur.it_interval), pts_ts_ns(&cur.it_value));
	timer_delete(t);
	PTS_PASSED("EINVAL for bad nanoseconds, the timer unchanged; 999999999 valid");
}
