// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() TIMER_ABSTIME with a time already passed and an
 * interval: "If the specified time has already passed, the function
 * shall succeed and the expiration notification shall be made", and the
 * periodic timer goes on from that expiry: later expirations lie on the
 * grid it_value + k * it_interval (k counted from the past time), not on
 * one restarted at the arming time. A CLOCK_MONOTONIC timer armed for
 * 1.0123457 s ago with a 50 ms interval signals at once (the overrun of
 * that first signal printed: the periods that passed); after each of
 * four further signals the next expiry read with timer_gettime() between
 * two clock reads is on that grid.
 */
#include "pts_helpers.h"

#define PERIOD_NS 50000000LL

static void on_grid(timer_t t, long long origin, int round)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	long long n1, n2, left, k, off;
	struct itimerspec cur;

	for (;;) {
		n1 = pts_now(CLOCK_MONOTONIC);
		if (timer_gettime(t, &cur))
			PTS_FAILED("timer_gettime(): %m");
		n2 = pts_now(CLOCK_MONOTONIC);
		left = pts_ts_ns(&cur.it_value);
		/* 1 ns: expired, its interrupt not yet run; read again */
		if (left != 1 || n2 > end)
			break;
		pts_nap();
	}
	if (left <= 0 || left > PERIOD_NS)
		PTS_FAILED("round %d: %lld ns left, expected (0, %lld]",
			   round, left, PERIOD_NS);
	/* the grid point at or after n1 + left must be within n2 - n1 */
	k = (n1 + left - origin + PERIOD_NS - 1) / PERIOD_NS;
	off = origin + k * PERIOD_NS - (n1 + left);
	if (off > n2 - n1)
		PTS_FAILED("round %d: next expiry in [%lld, %lld] ns after the past it_value, off the %lld ns grid by %lld ns",
			   round, n1 + left - origin, n2 + left - origin,
			   PERIOD_NS, off);
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct itimerspec its = { .it_interval = { 0, PERIOD_NS } };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	long long origin, t0, t1;
	sigset_t set;
	timer_t t;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	t0 = pts_now(CLOCK_MONOTONIC);
	origin = t0 - 1012345700LL;
	its.it_value = pts_ns_ts(origin);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_FAILED("timer_settime(TIMER_ABSTIME, a past time): %m");
	if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN)
		PTS_FAILED("no notification for the past time: %m");
	t1 = pts_now(CLOCK_MONOTONIC);
	printf("first signal %lld ms after arming, overrun %d\n",
	       (t1 - t0) / 1000000, timer_getoverrun(t));
	on_grid(t, origin, 0);
	for (i = 1; i <= 4; i++) {
		if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN)
			PTS_FAILED("no signal in round %d: %m", i);
		on_grid(t, origin, i);
	}
	timer_delete(t);
	PTS_PASSED("a past TIMER_ABSTIME time notifies at once, the period continues on its grid");
}
