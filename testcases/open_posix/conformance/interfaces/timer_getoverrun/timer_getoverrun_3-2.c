// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_getoverrun(): "If the number of such extra expirations is
 * greater than or equal to {DELAYTIMER_MAX}, then the overrun count
 * shall be set to {DELAYTIMER_MAX}." A CLOCK_MONOTONIC timer with a
 * 1 ns interval whose SIGRTMIN stays blocked for at least 2.5 s expires
 * more than 2^31 times in that while: the signal taken then carries
 * si_overrun DELAYTIMER_MAX (also sysconf(_SC_DELAYTIMER_MAX)), and
 * timer_getoverrun() returns the same, neither wrapped nor negative.
 * The count needs a 1 ns resolution (high-resolution timers): with a
 * coarser CLOCK_MONOTONIC the limit is out of reach (TCONF).
 */
#include <limits.h>

#include "pts_helpers.h"

int main(void)
{
	struct itimerspec its = { { 0, 1 }, { 0, 1000000 } };
	struct timespec res, rest, wait;
	long long armed;
	long dmax = sysconf(_SC_DELAYTIMER_MAX);
	struct sigevent ev;
	sigset_t set;
	siginfo_t si;
	timer_t t;
	int r, ov;

	if (clock_getres(CLOCK_MONOTONIC, &res) || res.tv_sec || res.tv_nsec != 1)
		PTS_UNSUPP("CLOCK_MONOTONIC resolution %ld ns: no high-resolution "
			   "timers, 2^31 expirations out of reach", res.tv_nsec);
	if (dmax != DELAYTIMER_MAX)
		PTS_FAILED("sysconf(_SC_DELAYTIMER_MAX) %ld, DELAYTIMER_MAX %ld", dmax,
			   (long)DELAYTIMER_MAX);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (timer_create(CLOCK_MONOTONIC, &ev, &t))
		PTS_UNRES("timer_create(): %m");
	armed = pts_now(CLOCK_MONOTONIC);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	/* the time passing is what is tested: 2.5 s after the first expiry */
	while (pts_now(CLOCK_MONOTONIC) < armed + 2600000000LL) {
		rest = pts_ns_ts(armed + 2600000000LL - pts_now(CLOCK_MONOTONIC));
		nanosleep(&rest, NULL);
	}
	wait = pts_ns_ts(pts_bound_ns(10));
	r = sigtimedwait(&set, &si, &wait);
	if (r != SIGRTMIN || si.si_code != SI_TIMER)
		PTS_FAILED("sigtimedwait() %d (%m), si_code %d", r, si.si_code);
	ov = timer_getoverrun(t);
	timer_delete(t);
	printf("INFO: si_overrun %d, timer_getoverrun() %d\n", si.si_overrun, ov);
	if (si.si_overrun != DELAYTIMER_MAX || ov != DELAYTIMER_MAX)
		PTS_FAILED("overrun %d / %d, expected DELAYTIMER_MAX %ld", si.si_overrun,
			   ov, (long)DELAYTIMER_MAX);
	PTS_PASSED("overrun count held at DELAYTIMER_MAX");
}
