// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_gettime(): it_value is "the amount of time before the timer
 * expires", relative, also for a timer armed with TIMER_ABSTIME. Timers
 * on CLOCK_REALTIME and CLOCK_MONOTONIC armed for the absolute time
 * 100 s ahead (with a 7 s interval) read it_value in
 * [100 s - elapsed, 100 s], never the absolute time, and it_interval
 * 7 s exactly. A one-shot absolute timer armed for a time already past
 * expires at once (its SIGRTMIN taken within the bounded wait, SI_TIMER
 * with its value) and then reads 0.
 */
#include "pts_helpers.h"
#include "pts_clockset.h"

static timer_t make(clockid_t c, int val)
{
	struct sigevent ev;
	timer_t t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = val;
	if (timer_create(c, &ev, &t))
		PTS_UNRES("timer_create(%d): %m", (int)c);
	return t;
}

static void check_abs(clockid_t c, const char *name)
{
	struct itimerspec its = { { 7, 0 }, { 0, 0 } }, got;
	long long t0, t1, left;
	timer_t t = make(c, 1);

	t0 = pts_now(CLOCK_MONOTONIC);
	its.it_value = pts_deadline(c, 100 * PTS_NSEC);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_UNRES("timer_settime(%s): %m", name);
	if (timer_gettime(t, &got))
		PTS_FAILED("timer_gettime(%s): %m", name);
	t1 = pts_now(CLOCK_MONOTONIC);
	left = pts_ts_ns(&got.it_value);
	if (left > 100 * PTS_NSEC || left < 100 * PTS_NSEC - (t1 - t0))
		PTS_FAILED("%s: it_value %lld ns, expected within %lld ns below 100 s",
			   name, left, t1 - t0);
	if (got.it_interval.tv_sec != 7 || got.it_interval.tv_nsec)
		PTS_FAILED("%s: it_interval %ld.%09ld, expected 7 s", name,
			   (long)got.it_interval.tv_sec, got.it_interval.tv_nsec);
	timer_delete(t);
}

int main(void)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } }, got;
	struct timespec wait;
	sigset_t set;
	siginfo_t si;
	timer_t t;
	int r;

	/* no clock_settime() test may move CLOCK_REALTIME meanwhile */
	pts_clockset_hold();
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	check_abs(CLOCK_REALTIME, "CLOCK_REALTIME");
	check_abs(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");

	t = make(CLOCK_MONOTONIC, 42);
	its.it_value = pts_ns_ts(pts_now(CLOCK_MONOTONIC) - PTS_NSEC);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_FAILED("timer_settime(1 s in the past): %m");
	wait = pts_ns_ts(pts_bound_ns(10));
	r = sigtimedwait(&set, &si, &wait);
	if (r != SIGRTMIN || si.si_code != SI_TIMER || si.si_value.sival_int != 42)
		PTS_FAILED("past absolute timer: sigtimedwait() %d (%m), code %d, "
			   "value %d", r, si.si_code, si.si_value.sival_int);
	if (timer_gettime(t, &got))
		PTS_FAILED("timer_gettime(expired): %m");
	if (got.it_value.tv_sec || got.it_value.tv_nsec)
		PTS_FAILED("expired one-shot timer reads %ld.%09ld",
			   (long)got.it_value.tv_sec, got.it_value.tv_nsec);
	PTS_PASSED("absolute timers read relative time left; a past one expired "
		   "at once and reads 0");
}
