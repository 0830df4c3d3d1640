// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_gettime() on a CPU-time clock: it_value is the amount of time
 * left, relative, also for a timer armed with TIMER_ABSTIME. A
 * CLOCK_PROCESS_CPUTIME_ID timer armed for the process's CPU time plus
 * 10 s reads it_value in [10 s - CPU time used since, 10 s], never the
 * absolute CPU time; after the process spins 200 ms of CPU, it has gone
 * down by at least those 200 ms. Armed with TIMER_ABSTIME for a CPU
 * time already reached, the timer expires (its SIGRTMIN, SI_TIMER with
 * its value, taken within the bounded wait) and then reads 0.
 */
#include "pts_helpers.h"

int main(void)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } }, got;
	long long c0, c1, left, left2;
	struct sigevent ev;
	struct timespec wait;
	sigset_t set;
	siginfo_t si;
	timer_t t;
	int r;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = 9;
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &t))
		PTS_UNRES("timer_create(CLOCK_PROCESS_CPUTIME_ID): %m");

	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	its.it_value = pts_ns_ts(c0 + 10 * PTS_NSEC);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL) || timer_gettime(t, &got))
		PTS_UNRES("arming/reading: %m");
	c1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	left = pts_ts_ns(&got.it_value);
	if (left > 10 * PTS_NSEC || left < 10 * PTS_NSEC - (c1 - c0))
		PTS_FAILED("it_value %lld ns, expected within %lld ns below 10 s",
			   left, c1 - c0);
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < c1 + 200000000LL)
		;
	if (timer_gettime(t, &got))
		PTS_FAILED("timer_gettime(): %m");
	left2 = pts_ts_ns(&got.it_value);
	if (left2 > left - 200000000LL || left2 <= 0)
		PTS_FAILED("after 200 ms of CPU it_value %lld ns (was %lld)", left2,
			   left);

	its.it_value = pts_ns_ts(pts_now(CLOCK_PROCESS_CPUTIME_ID) - 1000000);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_FAILED("timer_settime(a CPU time already reached): %m");
	wait = pts_ns_ts(pts_bound_ns(10));
	r = sigtimedwait(&set, &si, &wait);
	if (r != SIGRTMIN || si.si_code != SI_TIMER || si.si_value.sival_int != 9)
		PTS_FAILED("past CPU-time timer: sigtimedwait() %d (%m), code %d, "
			   "value %d", r, si.si_code, si.si_value.sival_int);
	if (timer_gettime(t, &got) || got.it_value.tv_sec || got.it_value.tv_nsec)
		PTS_FAILED("expired one-shot CPU timer reads %ld.%09ld",
			   (long)got.it_value.tv_sec, got.it_value.tv_nsec);
	PTS_PASSED("absolute CPU-time timer reads relative time left (%lld ns)",
		   left);
}
