// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME): a thread blocked in an absolute
 * (TIMER_ABSTIME) clock_nanosleep() on CLOCK_REALTIME uses the new time
 * also when the clock is set back: sleeping until 500 ms ahead, it is
 * still asleep in the call a full second later (CLOCK_MONOTONIC) once
 * the clock has been set an hour back; putting the true time back (now
 * past its target) wakes it at once with 0.
 */
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)
#define VAL (500 * 1000000LL)

static struct timespec target;

static int sleep_abs(void *arg)
{
	(void)arg;
	return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &target, NULL);
}

int main(void)
{
	struct pts_clockset_sleeper sl = { .fn = sleep_abs };
	struct timespec sec = { 1, 0 };
	long long t0;
	int r;

	pts_clockset_begin();
	t0 = pts_now(CLOCK_MONOTONIC);
	target = pts_ns_ts(pts_now(CLOCK_REALTIME) + VAL);
	pts_clockset_sleeper_start(&sl);
	pts_clockset_shift(-HOUR);
	if (__atomic_load_n(&sl.done, __ATOMIC_ACQUIRE))
		PTS_UNRES("the sleep ended before the clock was set back");
	/* past the original target by 500 ms at least: it must sleep on */
	clock_nanosleep(CLOCK_MONOTONIC, 0, &sec, NULL);
	if (__atomic_load_n(&sl.done, __ATOMIC_ACQUIRE))
		PTS_FAILED("the absolute sleep returned %d after %lld ms though the clock went an hour back",
			   sl.ret, (pts_now(CLOCK_MONOTONIC) - t0) / 1000000);
	pts_clockset_restore();
	r = pts_clockset_sleeper_wait(&sl, "clock_nanosleep(TIMER_ABSTIME) after the clock was put back");
	if (r)
		PTS_FAILED("clock_nanosleep(TIMER_ABSTIME) returned %d (%s)", r,
			   strerror(r));
	PTS_PASSED("an absolute REALTIME sleep held off by the clock set back, woken when put back");
}
