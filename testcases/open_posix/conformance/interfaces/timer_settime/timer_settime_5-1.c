// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime(): a periodic timer is reloaded with it_interval on each
 * expiry. A 20 ms timer with a 20 ms interval delivers a signal several
 * times (5 takes, each with overrun counted), and after each expiry
 * timer_gettime() reports it_interval unchanged and a time left no
 * greater than the interval.
 */
#include "pts_helpers.h"

#define IV 20000000LL

int main(void)
{
	struct itimerspec its = { { 0, IV }, { 0, IV } }, cur;
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	long long t0, t1;
	int i, expiries = 0;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	t0 = pts_now(CLOCK_MONOTONIC);
	timer_settime(t, 0, &its, NULL);
	for (i = 0; i < 5; i++) {
		if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN)
			PTS_FAILED("periodic timer stopped after %d signals", i);
		expiries += 1 + timer_getoverrun(t);
		timer_gettime(t, &cur);
		if (pts_ts_ns(&cur.it_interval) != IV)
			PTS_FAILED("it_interval changed to %lld",
				   pts_ts_ns(&cur.it_interval));
		if (pts_ts_ns(&cur.it_value) > IV)
			PTS_FAILED("%lld ns left, more than the interval",
				   pts_ts_ns(&cur.it_value));
	}
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 < expiries * IV)
		PTS_FAILED("%d expiries in %lld ns: faster than the interval",
			   expiries, t1 - t0);
	PTS_PASSED("%d expiries in %lld ns, interval kept", expiries, t1 - t0);
}
