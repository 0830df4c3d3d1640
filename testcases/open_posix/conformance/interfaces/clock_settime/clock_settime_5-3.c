// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime(CLOCK_REALTIME) does not affect relative timers: an
 * ITIMER_REAL of 999999 us (setitimer()) armed before the clock is set an
 * hour back delivers SIGALRM once 999999 us have passed (CLOCK_MONOTONIC,
 * a lower bound), within the bounded wait, and getitimer() after the
 * change reads at most 999999 us left.
 */
#include <sys/time.h>
#include "pts_clockset.h"

#define HOUR (3600 * PTS_NSEC)
#define VAL_US 999999

int main(void)
{
	struct itimerval its = { { 0, 0 }, { 0, VAL_US } }, cur;
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	long long t0, dt;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pts_clockset_begin();
	t0 = pts_now(CLOCK_MONOTONIC);
	if (setitimer(ITIMER_REAL, &its, NULL))
		PTS_UNRES("setitimer(): %m");
	pts_clockset_shift(-HOUR);
	if (getitimer(ITIMER_REAL, &cur))
		PTS_UNRES("getitimer(): %m");
	if (!cur.it_value.tv_sec && !cur.it_value.tv_usec)
		PTS_UNRES("ITIMER_REAL expired before the clock was set back");
	if (cur.it_value.tv_sec * 1000000LL + cur.it_value.tv_usec > VAL_US)
		PTS_FAILED("after setting the clock back: %ld.%06ld s left",
			   (long)cur.it_value.tv_sec, (long)cur.it_value.tv_usec);
	if (sigtimedwait(&set, NULL, &lim) != SIGALRM)
		PTS_FAILED("ITIMER_REAL: no SIGALRM within %lld s after the clock went back (%m)",
			   (long long)lim.tv_sec);
	dt = pts_now(CLOCK_MONOTONIC) - t0;
	pts_clockset_restore();
	if (dt < VAL_US * 1000LL)
		PTS_FAILED("the 999999 us ITIMER_REAL fired after %lld ns", dt);
	PTS_PASSED("ITIMER_REAL fired after %lld ms despite the clock set back an hour",
		   dt / 1000000);
}
