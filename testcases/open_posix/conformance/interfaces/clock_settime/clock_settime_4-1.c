// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME): an absolute (TIMER_ABSTIME) timer on
 * CLOCK_REALTIME follows the new time; a timer whose time the clock is
 * set past expires at once, without error.
 *
 * The clock is set an hour back, a timer armed for half an hour ahead of
 * that (gettime reads about 30 min left, nothing pending), then the true
 * time put back: the timer is now 30 min in the past and its signal must
 * come within the bounded wait (far less than 30 min), with SI_TIMER.
 */
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)

int main(void)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1,
		.sigev_value.sival_int = 41,
	};
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct itimerspec its = { { 0, 0 }, { 0, 0 } }, cur;
	long long t0;
	siginfo_t si;
	sigset_t set, pend;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_REALTIME, &sev, &t))
		PTS_UNRES("timer_create(): %m");

	pts_clockset_begin();
	pts_clockset_shift(-HOUR);
	its.it_value = pts_ns_ts(pts_now(CLOCK_REALTIME) + HOUR / 2);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_UNRES("timer_settime(TIMER_ABSTIME): %m");
	if (timer_gettime(t, &cur))
		PTS_UNRES("timer_gettime(): %m");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1) || pts_ts_ns(&cur.it_value) < HOUR / 4)
		PTS_UNRES("timer not ~30 min ahead before the change: %lld ns left",
			  pts_ts_ns(&cur.it_value));

	t0 = pts_now(CLOCK_MONOTONIC);
	pts_clockset_restore();
	if (sigtimedwait(&set, &si, &lim) != SIGUSR1)
		PTS_FAILED("clock set past the absolute timer's time: no signal within %lld s (%m)",
			   (long long)lim.tv_sec);
	if (si.si_code != SI_TIMER || si.si_value.sival_int != 41)
		PTS_FAILED("si_code %d value %d, expected SI_TIMER 41",
			   si.si_code, si.si_value.sival_int);
	printf("signal %lld us after the clock was put back\n",
	       (pts_now(CLOCK_MONOTONIC) - t0) / 1000);
	if (timer_gettime(t, &cur) || cur.it_value.tv_sec || cur.it_value.tv_nsec)
		PTS_FAILED("one-shot timer still armed after its expiry: %lld ns",
			   pts_ts_ns(&cur.it_value));
	timer_delete(t);
	PTS_PASSED("an absolute REALTIME timer the clock was set past expired at once");
}
