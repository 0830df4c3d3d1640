// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() with TIMER_ABSTIME: the timer expires when the clock
 * reaches it_value, not before; and "if the specified time has already
 * passed, the function shall succeed and the expiration notification
 * shall be made" at once. CLOCK_MONOTONIC, 300 ms ahead, then 1 s in the
 * past. Only lower bounds on time are asserted.
 */
#include <signal.h>
#include <string.h>
#include <time.h>

#include "posixtest.h"

static long long ns(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static struct timespec at(long long t)
{
	struct timespec ts = { t / 1000000000LL, t % 1000000000LL };

	return ts;
}

int main(void)
{
	struct timespec limit = { 30, 0 }, now;
	struct itimerspec its;
	struct sigevent sev;
	long long target;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_MONOTONIC): %m");

	clock_gettime(CLOCK_MONOTONIC, &now);
	target = ns(&now) + 300000000LL;
	memset(&its, 0, sizeof(its));
	its.it_value = at(target);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_FAILED("timer_settime(TIMER_ABSTIME, now + 300 ms): %m");
	if (sigtimedwait(&set, NULL, &limit) != SIGRTMIN)
		PTS_FAILED("no signal from the absolute timer within 30 s: %m");
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ns(&now) < target)
		PTS_FAILED("the absolute timer expired %lld ns before its time",
			   target - ns(&now));
	printf("absolute timer expired %lld ns after its time\n",
	       ns(&now) - target);

	its.it_value = at(ns(&now) - 1000000000LL);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_FAILED("timer_settime(TIMER_ABSTIME, a time in the past): %m");
	if (sigtimedwait(&set, NULL, &limit) != SIGRTMIN)
		PTS_FAILED("a timer armed for a past absolute time did not expire: %m");
	PTS_PASSED("absolute timers expire at their time, at once when it is past");
}
