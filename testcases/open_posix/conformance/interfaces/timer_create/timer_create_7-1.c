// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() on CLOCK_THREAD_CPUTIME_ID: the timer measures the CPU
 * time of the calling thread only. A second thread spins for 200 ms of
 * its own CPU time while the creator waits in pthread_join(): the
 * creator's 100 ms thread-CPU timer does not expire before the creator
 * itself has used 100 ms; when the creator then spins, it does, after at
 * least 100 ms of the creator's CPU time.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define VAL 100000000LL

static void *spinner(void *arg)
{
	long long c0 = pts_now(CLOCK_THREAD_CPUTIME_ID);

	(void)arg;
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) - c0 < 400000000)
		;
	return NULL;
}

int main(void)
{
	struct itimerspec its = { .it_value = { 0, VAL } };
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec zero = { 0, 0 };
	long long c0, used, end;
	sigset_t set;
	pthread_t t;
	timer_t tm;
	int got;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &tm))
		PTS_FAILED("timer_create(CLOCK_THREAD_CPUTIME_ID): %m");
	c0 = pts_now(CLOCK_THREAD_CPUTIME_ID);
	timer_settime(tm, 0, &its, NULL);
	pthread_create(&t, NULL, spinner, NULL);
	pthread_join(t, NULL);
	got = sigtimedwait(&set, NULL, &zero) == SIGRTMIN;
	if (got && pts_now(CLOCK_THREAD_CPUTIME_ID) - c0 < VAL)
		PTS_FAILED("another thread's CPU time expired the timer");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!got && sigtimedwait(&set, NULL, &zero) != SIGRTMIN)
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("no expiry while the creator spun");
	used = pts_now(CLOCK_THREAD_CPUTIME_ID) - c0;
	if (used < VAL)
		PTS_FAILED("expired after %lld ns of the thread's CPU", used);
	PTS_PASSED("thread CPU-time timer counted only the creator (%lld ns)",
		   used);
}
