// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_getoverrun(): while the signal of a periodic timer stays pending,
 * further expirations are not queued but counted as overruns, and
 * timer_getoverrun() returns that count for the signal delivered. A 10 ms
 * periodic timer runs with its signal blocked for at least 500 ms; the
 * count must lie between what elapsed before the signal was taken and what
 * elapsed until after it (both measured, so slow machines are fine).
 * A one-shot timer that expired once has an overrun count of 0.
 */
#include <signal.h>
#include <string.h>
#include <time.h>

#include "posixtest.h"

#define INTERVAL_NS 10000000LL
#define WAIT_NS 500000000LL

static long long mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(void)
{
	struct itimerspec its = {
		.it_value = { 0, INTERVAL_NS },
		.it_interval = { 0, INTERVAL_NS },
	};
	struct timespec limit = { 30, 0 }, nap = { 0, 50000000 };
	long long start, armed, before, after, lo, hi;
	struct sigevent sev;
	sigset_t set;
	timer_t t, t2;
	int over;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	sigdelset(&set, SIGRTMIN + 1);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_MONOTONIC): %m");

	start = mono();
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(10 ms periodic): %m");
	armed = mono();
	while (mono() - start < WAIT_NS)
		nanosleep(&nap, NULL);
	before = mono();
	if (sigtimedwait(&set, NULL, &limit) != SIGRTMIN)
		PTS_FAILED("no signal from the periodic timer: %m");
	after = mono();
	over = timer_getoverrun(t);
	if (over < 0)
		PTS_FAILED("timer_getoverrun(): %m");

	/*
	 * Expirations at s + k * interval, k >= 1, with s between start and
	 * armed; the first one signalled, the others up to the moment the
	 * signal was taken are overruns. One more of slack below.
	 */
	lo = (before - armed) / INTERVAL_NS - 2;
	hi = (after - start) / INTERVAL_NS - 1;
	printf("overrun %d after %lld..%lld ms (expected %lld..%lld)\n", over,
	       (before - start) / 1000000, (after - start) / 1000000, lo, hi);
	if (over < lo || over > hi)
		PTS_FAILED("timer_getoverrun() = %d, expected %lld..%lld", over, lo, hi);

	/* a second timer and signal: the first may have queued another */
	sev.sigev_signo = SIGRTMIN + 1;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t2))
		PTS_UNRES("timer_create(CLOCK_MONOTONIC): %m");
	memset(&its, 0, sizeof(its));
	its.it_value.tv_nsec = INTERVAL_NS;
	if (timer_settime(t2, 0, &its, NULL))
		PTS_UNRES("timer_settime(10 ms one-shot): %m");
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 1);
	if (sigtimedwait(&set, NULL, &limit) != SIGRTMIN + 1)
		PTS_FAILED("no signal from the one-shot timer: %m");
	over = timer_getoverrun(t2);
	if (over != 0)
		PTS_FAILED("a one-shot timer that expired once has overrun %d, expected 0",
			   over);
	PTS_PASSED("timer_getoverrun() counted the expirations of a blocked signal");
}
