// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME): a thread blocked in an absolute
 * (TIMER_ABSTIME) clock_nanosleep() on CLOCK_REALTIME follows the new
 * time; once the clock is set past the time it sleeps until, it returns
 * 0 at once.
 *
 * With the clock set an hour back, the thread sleeps until half an hour
 * ahead of that; putting the true time back (now 30 min past the target)
 * must wake it within the bounded wait, and the clock then reads at
 * least the target.
 */
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)

static struct timespec target;

static int sleep_abs(void *arg)
{
	(void)arg;
	return clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &target, NULL);
}

int main(void)
{
	struct pts_clockset_sleeper sl = { .fn = sleep_abs };
	int r;

	pts_clockset_begin();
	pts_clockset_shift(-HOUR);
	target = pts_ns_ts(pts_now(CLOCK_REALTIME) + HOUR / 2);
	pts_clockset_sleeper_start(&sl);
	if (__atomic_load_n(&sl.done, __ATOMIC_ACQUIRE))
		PTS_FAILED("the absolute sleep returned before the clock change: %d",
			   sl.ret);
	pts_clockset_restore();
	r = pts_clockset_sleeper_wait(&sl, "clock_nanosleep(TIMER_ABSTIME) set past");
	if (r)
		PTS_FAILED("clock_nanosleep(TIMER_ABSTIME) returned %d (%s)", r,
			   strerror(r));
	if (pts_now(CLOCK_REALTIME) < pts_ts_ns(&target))
		PTS_FAILED("returned with the clock before the target");
	PTS_PASSED("an absolute REALTIME sleep returned 0 once the clock was set past its time");
}
