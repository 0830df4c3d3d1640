// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() with relative time: the timer expires no earlier than
 * it_value after the call, timer_gettime() right after arming reports a
 * remaining time in (0, it_value], and after expiry of a one-shot timer
 * timer_gettime() reports it disarmed (zero). A 200 ms CLOCK_MONOTONIC
 * timer; only lower bounds on time are asserted (slow machines are fine).
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "posixtest.h"

#define VALUE_NS 200000000LL

static long long ns(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static long long mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ns(&ts);
}

int main(void)
{
	struct itimerspec its = { .it_value = { 0, VALUE_NS } }, cur;
	struct timespec limit = { 30, 0 };
	struct sigevent sev;
	long long start, end, left;
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

	start = mono();
	if (timer_settime(t, 0, &its, NULL))
		PTS_FAILED("timer_settime(relative 200 ms): %m");
	if (timer_gettime(t, &cur))
		PTS_FAILED("timer_gettime(): %m");
	left = ns(&cur.it_value);
	if (left <= 0 || left > VALUE_NS)
		PTS_FAILED("timer_gettime() after arming: %lld ns left, expected (0, %lld]",
			   left, VALUE_NS);

	if (sigtimedwait(&set, NULL, &limit) != SIGRTMIN)
		PTS_FAILED("no timer signal within 30 s: %m");
	end = mono();
	if (end - start < VALUE_NS)
		PTS_FAILED("the timer expired %lld ns after timer_settime(), before %lld",
			   end - start, VALUE_NS);
	if (timer_gettime(t, &cur))
		PTS_FAILED("timer_gettime(): %m");
	if (cur.it_value.tv_sec || cur.it_value.tv_nsec)
		PTS_FAILED("the expired one-shot timer is still armed: %lld ns",
			   ns(&cur.it_value));
	PTS_PASSED("relative 200 ms timer expired after %lld ns", end - start);
}
