// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME) does not affect relative timers: a
 * timer on CLOCK_REALTIME armed for 1 s without TIMER_ABSTIME expires
 * when 1 s has passed, whatever the clock is set to meanwhile.
 *
 * Right after arming, the clock is set an hour back: timer_gettime()
 * still reads at most 1 s left, and the signal comes not before
 * 1 s of CLOCK_MONOTONIC and within the bounded wait (a timer that
 * followed the clock would fire an hour late). CLOCK_MONOTONIC did not
 * jump with the clock.
 */
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)
#define VAL PTS_NSEC

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct itimerspec its = { { 0, 0 }, { 1, 0 } }, cur;
	long long t0, m0, m1, dt;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_REALTIME, &sev, &t))
		PTS_UNRES("timer_create(): %m");

	pts_clockset_begin();
	t0 = pts_now(CLOCK_MONOTONIC);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	m0 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_shift(-HOUR);
	m1 = pts_now(CLOCK_MONOTONIC);
	if (m1 - m0 > pts_bound_ns(10))
		PTS_FAILED("CLOCK_MONOTONIC moved by %lld ns across clock_settime()",
			   m1 - m0);
	if (timer_gettime(t, &cur))
		PTS_UNRES("timer_gettime(): %m");
	if (!cur.it_value.tv_sec && !cur.it_value.tv_nsec)
		PTS_UNRES("the timer expired before the clock was set back");
	if (pts_ts_ns(&cur.it_value) > VAL)
		PTS_FAILED("after setting the clock back: %lld ns left, expected <= %lld",
			   pts_ts_ns(&cur.it_value), VAL);
	if (sigtimedwait(&set, NULL, &lim) != SIGUSR1)
		PTS_FAILED("relative timer: no signal within %lld s after the clock went back (%m)",
			   (long long)lim.tv_sec);
	dt = pts_now(CLOCK_MONOTONIC) - t0;
	pts_clockset_restore();
	if (dt < VAL)
		PTS_FAILED("the 1 s timer fired after %lld ns", dt);
	timer_delete(t);
	PTS_PASSED("relative REALTIME timer fired after %lld ms despite the clock set back an hour",
		   dt / 1000000);
}
