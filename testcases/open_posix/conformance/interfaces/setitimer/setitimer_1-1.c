// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setitimer()/getitimer(), ITIMER_REAL: the timer decrements in real
 * time and delivers SIGALRM on expiry; getitimer() after arming reports
 * a value in (0, set] and the interval set; ovalue returns the previous
 * setting; an invalid which fails with [EINVAL], and so does a tv_usec
 * of 1000000 or more.
 */
#include <sys/time.h>

#include "pts_helpers.h"

int main(void)
{
	struct itimerval v = { { 0, 0 }, { 0, 100000 } }, cur, old;
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	long long t0, t1, us;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	t0 = pts_now(CLOCK_MONOTONIC);
	if (setitimer(ITIMER_REAL, &v, NULL))
		PTS_FAILED("setitimer(ITIMER_REAL): %m");
	getitimer(ITIMER_REAL, &cur);
	us = cur.it_value.tv_sec * 1000000LL + cur.it_value.tv_usec;
	if (us <= 0 || us > 100000)
		PTS_FAILED("getitimer() after arming 100 ms: %lld us", us);
	if (sigtimedwait(&set, NULL, &lim) != SIGALRM)
		PTS_FAILED("no SIGALRM: %m");
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 < 100000000)
		PTS_FAILED("SIGALRM after %lld ns, before 100 ms", t1 - t0);
	v.it_value.tv_sec = 20;
	v.it_interval.tv_sec = 5;
	setitimer(ITIMER_REAL, &v, NULL);
	memset(&v, 0, sizeof(v));
	if (setitimer(ITIMER_REAL, &v, &old))
		PTS_FAILED("disarming setitimer(): %m");
	if (old.it_interval.tv_sec != 5 || old.it_value.tv_sec > 20 ||
	    (old.it_value.tv_sec == 0 && old.it_value.tv_usec == 0))
		PTS_FAILED("ovalue %ld.%06ld interval %ld",
			   (long)old.it_value.tv_sec, (long)old.it_value.tv_usec,
			   (long)old.it_interval.tv_sec);
	PTS_EXPECT_ERRNO(setitimer((__itimer_which_t)7, &v, NULL), EINVAL,
			 "setitimer(which 7)");
	PTS_EXPECT_ERRNO(getitimer((__itimer_which_t)7, &cur), EINVAL,
			 "getitimer(which 7)");
	v.it_value.tv_usec = 1000000;
	PTS_EXPECT_ERRNO(setitimer(ITIMER_REAL, &v, NULL), EINVAL,
			 "setitimer(tv_usec 1000000)");
	PTS_PASSED("ITIMER_REAL expiry, readback, ovalue and EINVAL");
}
