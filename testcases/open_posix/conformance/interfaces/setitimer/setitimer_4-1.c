// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setitimer() with a value finer than the timer's granularity is
 * rounded up, not to zero: it_value 1 microsecond arms ITIMER_REAL
 * (SIGALRM comes, the timer then reads disarmed) and ITIMER_VIRTUAL
 * (SIGVTALRM comes while the process runs in user mode). A zero
 * it_value disables the timer whatever it_interval holds: with it_value
 * 0 and it_interval 100 ms no SIGALRM comes within 300 ms, and
 * getitimer() reads it_value 0.
 */
#include <sys/time.h>

#include "pts_helpers.h"

int main(void)
{
	struct itimerval one = { { 0, 0 }, { 0, 1 } }, iv_only = { { 0, 100000 }, { 0, 0 } };
	struct itimerval cur;
	struct timespec bound = pts_ns_ts(pts_bound_ns(10));
	struct timespec t300 = { 0, 300000000 };
	long long end;
	volatile unsigned long spin = 0;
	sigset_t set, pend;
	int sig;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigaddset(&set, SIGVTALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);

	if (setitimer(ITIMER_REAL, &one, NULL))
		PTS_FAILED("setitimer(ITIMER_REAL, 1 us): %m");
	sigdelset(&set, SIGVTALRM);
	sig = sigtimedwait(&set, NULL, &bound);
	if (sig != SIGALRM)
		PTS_FAILED("no SIGALRM from a 1 us ITIMER_REAL (%d, %m)", sig);
	getitimer(ITIMER_REAL, &cur);
	if (cur.it_value.tv_sec || cur.it_value.tv_usec)
		PTS_FAILED("the expired one-shot timer reads %ld.%06ld",
			   (long)cur.it_value.tv_sec, (long)cur.it_value.tv_usec);

	if (setitimer(ITIMER_VIRTUAL, &one, NULL))
		PTS_FAILED("setitimer(ITIMER_VIRTUAL, 1 us): %m");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	for (;;) {
		spin++;
		if (!(spin & 0xfffff)) {
			sigpending(&pend);
			if (sigismember(&pend, SIGVTALRM))
				break;
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("no SIGVTALRM from a 1 us ITIMER_VIRTUAL in 10 s of spinning");
		}
	}

	if (setitimer(ITIMER_REAL, &iv_only, NULL))
		PTS_FAILED("setitimer(it_value 0, it_interval 100 ms): %m");
	getitimer(ITIMER_REAL, &cur);
	if (cur.it_value.tv_sec || cur.it_value.tv_usec)
		PTS_FAILED("it_value 0 with an interval reads %ld.%06ld, 0 expected",
			   (long)cur.it_value.tv_sec, (long)cur.it_value.tv_usec);
	printf("INFO: it_interval read back for the disabled timer: %ld.%06ld\n",
	       (long)cur.it_interval.tv_sec, (long)cur.it_interval.tv_usec);
	sig = sigtimedwait(&set, NULL, &t300);
	if (sig != -1 || errno != EAGAIN)
		PTS_FAILED("a disabled ITIMER_REAL (it_value 0) sent signal %d", sig);
	PTS_PASSED("1 us rounded up (REAL, VIRTUAL); it_value 0 disables despite it_interval");
}
