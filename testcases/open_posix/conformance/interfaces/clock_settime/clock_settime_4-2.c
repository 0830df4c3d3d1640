// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME): an absolute (TIMER_ABSTIME) timer on
 * CLOCK_REALTIME uses the new time, also when the clock is set back: a
 * timer armed for 500 ms ahead does not fire at that moment once the
 * clock has been set an hour back; timer_gettime() then reads about an
 * hour left, and no signal comes in the next second (CLOCK_MONOTONIC,
 * past the original 500 ms). Putting the true time back makes it expire
 * at once.
 */
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)
#define VAL (500 * 1000000LL)

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct timespec sec = { 1, 0 };
	struct itimerspec its = { { 0, 0 }, { 0, 0 } }, cur;
	long long t0, left;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_REALTIME, &sev, &t))
		PTS_UNRES("timer_create(): %m");

	pts_clockset_begin();
	t0 = pts_now(CLOCK_MONOTONIC);
	its.it_value = pts_ns_ts(pts_now(CLOCK_REALTIME) + VAL);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_UNRES("timer_settime(TIMER_ABSTIME): %m");
	pts_clockset_shift(-HOUR);
	if (timer_gettime(t, &cur))
		PTS_UNRES("timer_gettime(): %m");
	left = pts_ts_ns(&cur.it_value);
	if (left < HOUR - 10 * PTS_NSEC || left > HOUR + VAL)
		PTS_FAILED("after setting the clock an hour back: %lld ns left, expected about an hour",
			   left);
	errno = 0;
	if (sigtimedwait(&set, NULL, &sec) != -1 || errno != EAGAIN)
		PTS_FAILED("the absolute timer fired %lld ms after arming though the clock went an hour back",
			   (pts_now(CLOCK_MONOTONIC) - t0) / 1000000);
	pts_clockset_restore();
	if (sigtimedwait(&set, NULL, &lim) != SIGUSR1)
		PTS_FAILED("clock put back past the timer's time: no signal (%m)");
	if (pts_now(CLOCK_MONOTONIC) - t0 < VAL)
		PTS_FAILED("signal before the 500 ms had passed");
	timer_delete(t);
	PTS_PASSED("absolute timer held off by the clock set back (%lld s left), fired when put back",
		   left / PTS_NSEC);
}
