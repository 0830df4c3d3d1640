// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime(): a periodic timer "shall expire ... at the time
 * specified by it_value and ... reload the timer to expire after
 * it_interval", so its expirations lie on the grid it_value + k *
 * it_interval, however late each signal is taken: the reload is from
 * the previous expiry, not from the delivery. For a TIMER_ABSTIME timer
 * on CLOCK_MONOTONIC the grid starts at the absolute time given, for a
 * relative one at the arming time plus it_value. After each of six
 * signals (taken at varying delays) the next expiry read with
 * timer_gettime() between two clock reads must lie on the grid within
 * the uncertainty of those reads.
 */
#include "pts_helpers.h"

#define PERIOD_NS 50000000LL
#define ROUNDS 6

/*
 * The next expiry of t lies in [n1 + left, n2 + left]; the grid is known
 * up to slack0 (its origin in [origin, origin + slack0]), so a grid point
 * counted from origin lies in [n1 + left - slack0, n2 + left].
 */
static void check(timer_t t, long long origin, long long slack0,
		  const char *what, int round)
{
	long long n1, n2, left, off, k;
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	struct itimerspec cur;

	for (;;) {
		n1 = pts_now(CLOCK_MONOTONIC);
		if (timer_gettime(t, &cur))
			PTS_FAILED("timer_gettime(): %m");
		n2 = pts_now(CLOCK_MONOTONIC);
		left = pts_ts_ns(&cur.it_value);
		/*
		 * 1 ns means "expired, the timer interrupt not yet run" (late
		 * on a loaded guest): read again once it has
		 */
		if (left != 1 || n2 > end)
			break;
		pts_nap();
	}
	if (left <= 0 || left > PERIOD_NS)
		PTS_FAILED("%s round %d: %lld ns left, expected (0, %lld]",
			   what, round, left, PERIOD_NS);
	k = (n1 + left - slack0 - origin + PERIOD_NS - 1) / PERIOD_NS;
	off = origin + k * PERIOD_NS - (n1 + left - slack0);
	if (k < 1 || off > n2 - n1 + slack0)
		PTS_FAILED("%s round %d: next expiry in [%lld, %lld] ns after the origin, off the %lld ns grid by %lld ns (read window %lld ns)",
			   what, round, n1 + left - origin, n2 + left - origin,
			   PERIOD_NS, off, n2 - n1 + slack0);
}

static void run(int abs)
{
	const char *what = abs ? "TIMER_ABSTIME" : "relative";
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct itimerspec its = { .it_interval = { 0, PERIOD_NS } };
	long long origin, slack0 = 0, a1, a2, delay;
	struct timespec bound, d;
	sigset_t set;
	timer_t t;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	if (abs) {
		origin = pts_now(CLOCK_MONOTONIC) + 30000000 + 123457;
		its.it_value = pts_ns_ts(origin);
		if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
			PTS_UNRES("timer_settime(TIMER_ABSTIME): %m");
	} else {
		its.it_value = pts_ns_ts(30000000 + 123457);
		a1 = pts_now(CLOCK_MONOTONIC);
		if (timer_settime(t, 0, &its, NULL))
			PTS_UNRES("timer_settime(): %m");
		a2 = pts_now(CLOCK_MONOTONIC);
		/* the grid starts somewhere in [a1, a2] + it_value */
		origin = a1 + pts_ts_ns(&its.it_value);
		slack0 = a2 - a1;
	}
	bound = pts_ns_ts(pts_bound_ns(10));
	for (i = 0; i < ROUNDS; i++) {
		if (sigtimedwait(&set, NULL, &bound) != SIGRTMIN)
			PTS_FAILED("%s: no signal in round %d: %m", what, i);
		check(t, origin, slack0, what, i);
		/* take the next one late by a varying part of a period */
		delay = (i * 7 % 5) * PERIOD_NS / 6;
		d = pts_ns_ts(delay);
		nanosleep(&d, NULL);
	}
	timer_delete(t);
	printf("%s: %d expirations on the grid\n", what, ROUNDS);
}

int main(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	run(1);
	run(0);
	PTS_PASSED("periodic expirations stay on the it_value + k * it_interval grid");
}
