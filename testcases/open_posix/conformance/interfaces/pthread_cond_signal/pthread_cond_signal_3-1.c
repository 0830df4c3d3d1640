// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_signal(): "shall unblock at least one of the threads that
 * are blocked on the specified condition variable". Four consumers wait
 * for tokens under a mutex (while no token: pthread_cond_wait()); the
 * main thread adds 2000 tokens one at a time, each with a single
 * pthread_cond_signal() (never a broadcast). If every signal wakes at
 * least one waiter, all tokens are consumed: a token left with every
 * consumer asleep is a lost wake-up (the glibc condition variable bug
 * 25847 class). The wait for the consumption is bounded.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NT 4
#define TOKENS 2000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int tokens, consumed, done;

static void *consumer(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	for (;;) {
		while (!tokens && !done)
			pthread_cond_wait(&c, &m);
		if (!tokens)
			break;
		tokens--;
		consumed++;
	}
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t[NT];
	long long end;
	int i, n, left;

	for (i = 0; i < NT; i++)
		if (pthread_create(&t[i], NULL, consumer, NULL))
			PTS_UNRES("pthread_create()");
	for (i = 0; i < TOKENS; i++) {
		pthread_mutex_lock(&m);
		tokens++;
		pthread_cond_signal(&c);
		pthread_mutex_unlock(&m);
		if (i % 8 == 7)
			sched_yield();
	}
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(20);
	for (;;) {
		pthread_mutex_lock(&m);
		n = consumed;
		left = tokens;
		pthread_mutex_unlock(&m);
		if (n == TOKENS)
			break;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%d of %d tokens consumed, %d left with the consumers waiting: a signal woke no waiter",
				   n, TOKENS, left);
		pts_nap();
	}
	pthread_mutex_lock(&m);
	done = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	for (i = 0; i < NT; i++)
		pthread_join(t[i], NULL);
	PTS_PASSED("%d single signals: every token consumed, no lost wake-up", TOKENS);
}
