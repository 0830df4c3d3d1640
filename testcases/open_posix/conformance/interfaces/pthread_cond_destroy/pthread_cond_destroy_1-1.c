// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_destroy(): "it shall be safe to destroy an initialized
 * condition variable upon which no threads are currently blocked", also
 * right after a broadcast that unblocked the waiters, before they have
 * returned from the wait. Three waiters are woken by a broadcast, the
 * broadcaster destroys the condition variable at once (0); every waiter
 * returns 0 with the mutex held; the memory is then initialised again
 * and works.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define N 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int waiting, go;

static void *waiter(void *arg)
{
	int err = 0;

	(void)arg;
	pthread_mutex_lock(&m);
	waiting++;
	while (!go && !err)
		err = pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	return (void *)(long)err;
}

int main(void)
{
	pthread_t t[N];
	int i, n, err, round;
	long long end;
	void *v;

	for (round = 0; round < 2; round++) {
		pthread_cond_init(&c, NULL);
		waiting = go = 0;
		for (i = 0; i < N; i++)
			pthread_create(&t[i], NULL, waiter, NULL);
		end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
		for (;;) {
			pthread_mutex_lock(&m);
			n = waiting;
			if (n == N)
				break;
			pthread_mutex_unlock(&m);
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_UNRES("only %d waiters arrived", n);
			pts_nap();
		}
		go = 1;
		pthread_cond_broadcast(&c);
		pthread_mutex_unlock(&m);
		err = pthread_cond_destroy(&c);
		if (err)
			PTS_FAILED("destroy after the broadcast returned %d", err);
		for (i = 0; i < N; i++) {
			pthread_join(t[i], &v);
			if (v)
				PTS_FAILED("a waiter's wait returned %ld", (long)v);
		}
	}
	PTS_PASSED("destroyed right after a broadcast, waiters returned, re-initialised");
}
