// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setitimer(ITIMER_REAL) with it_interval: "If it_interval is non-zero,
 * ... the timer shall be reloaded" at each expiry. A 20 ms / 20 ms timer
 * delivers SIGALRM 5 times, never faster than the interval (5 signals
 * take at least 100 ms), and getitimer() keeps reporting the interval;
 * setting it_value 0 stops it (no further signal within 100 ms).
 */
#include <sys/time.h>

#include "pts_helpers.h"

int main(void)
{
	struct itimerval v = { { 0, 20000 }, { 0, 20000 } }, cur, off;
	struct timespec lim = pts_ns_ts(pts_bound_ns(10)), wait = { 0, 100000000 };
	long long t0, t1;
	sigset_t set;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	t0 = pts_now(CLOCK_MONOTONIC);
	if (setitimer(ITIMER_REAL, &v, NULL))
		PTS_FAILED("setitimer(): %m");
	for (i = 0; i < 5; i++) {
		if (sigtimedwait(&set, NULL, &lim) != SIGALRM)
			PTS_FAILED("the periodic timer stopped after %d signals", i);
		getitimer(ITIMER_REAL, &cur);
		if (cur.it_interval.tv_sec || cur.it_interval.tv_usec != 20000)
			PTS_FAILED("interval changed to %ld us",
				   (long)cur.it_interval.tv_usec);
	}
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 < 100000000)
		PTS_FAILED("5 signals in %lld ns: faster than the interval", t1 - t0);
	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, NULL);
	sigtimedwait(&set, NULL, &(struct timespec){ 0, 0 });
	errno = 0;
	if (sigtimedwait(&set, NULL, &wait) != -1 || errno != EAGAIN)
		PTS_FAILED("SIGALRM after the timer was stopped");
	PTS_PASSED("reloaded 5 times in %lld ns, stopped by a zero value",
		   t1 - t0);
}
