// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_getoverrun(): "the overrun count returned contains the number of
 * extra timer expirations that occurred between the time the signal was
 * generated (queued) and when it was delivered or accepted" - for each
 * delivery on its own, not a running total. A 10 ms periodic timer's
 * signal stays blocked 300 ms, is taken, then 100 ms, and is taken again:
 * each count lies between what elapsed before that signal was taken
 * since the previous one and what elapsed until after it (measured on
 * CLOCK_MONOTONIC, so a slow machine only widens the bounds), the second
 * near 10 and not the 40 of a total. A third signal taken at once has
 * few overruns; re-arming with timer_settime() then starts counting
 * afresh.
 */
#include "pts_helpers.h"

#define IV 10000000LL

static sigset_t set;

/* wait until t0 + ns, then take the signal; report the overrun */
static int take(timer_t t, long long t0, long long ns, long long *before,
		long long *after)
{
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	int ov;

	while (pts_now(CLOCK_MONOTONIC) < t0 + ns)
		pts_nap();
	*before = pts_now(CLOCK_MONOTONIC);
	if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN)
		PTS_FAILED("no timer signal: %m");
	*after = pts_now(CLOCK_MONOTONIC);
	ov = timer_getoverrun(t);
	if (ov < 0)
		PTS_FAILED("timer_getoverrun(): %m");
	return ov;
}

/*
 * Expirations are at most one per IV between the reference points: the
 * count is at least the whole periods between prev_after and before less
 * two (the first expiry signalled, one of rounding), at most the periods
 * between prev_before and after.
 */
static void check(const char *what, int ov, long long prev_before,
		  long long prev_after, long long before, long long after)
{
	long long lo = (before - prev_after) / IV - 2;
	long long hi = (after - prev_before) / IV;

	printf("%s: overrun %d (expected %lld..%lld)\n", what, ov,
	       lo < 0 ? 0 : lo, hi);
	if (ov < lo || ov > hi)
		PTS_FAILED("%s: overrun %d, expected %lld..%lld", what, ov, lo, hi);
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct itimerspec its = { .it_value = { 0, IV },
				  .it_interval = { 0, IV } };
	struct itimerspec off;
	struct timespec zero = { 0, 0 };
	long long a1, a2, b1, b2, c1, c2, d1, d2, s1, s2;
	int ov1, ov2, ov3, ov4;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	s1 = pts_now(CLOCK_MONOTONIC);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	s2 = pts_now(CLOCK_MONOTONIC);

	/* expirations from s + IV on; the first one is the signal */
	ov1 = take(t, s1, 300000000, &a1, &a2);
	check("after 300 ms", ov1, s1 + IV, s2 + IV, a1, a2);
	ov2 = take(t, a2, 100000000, &b1, &b2);
	/* a running total (about ov1 + 10) would be far above this bound */
	check("100 ms later", ov2, a1, a2, b1, b2);
	ov3 = take(t, b2, 0, &c1, &c2);
	check("taken at once", ov3, b1, b2, c1, c2);

	/*
	 * Re-armed: counting starts again from the new setting. Disarmed
	 * first and a signal queued meanwhile drained, so that the one
	 * taken is of the new setting.
	 */
	memset(&off, 0, sizeof(off));
	if (timer_settime(t, 0, &off, NULL))
		PTS_UNRES("timer_settime(0): %m");
	sigtimedwait(&set, NULL, &zero);
	s1 = pts_now(CLOCK_MONOTONIC);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	s2 = pts_now(CLOCK_MONOTONIC);
	ov4 = take(t, s1, 50000000, &d1, &d2);
	check("re-armed, 50 ms", ov4, s1 + IV, s2 + IV, d1, d2);
	PTS_PASSED("each delivery counts only its own overruns");
}
