// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_broadcast() unblocks all threads currently blocked on the
 * condition variable: five threads wait (counted under the mutex, so all
 * are in pthread_cond_wait() before the broadcast), one broadcast with the
 * predicate set, and all five finish.
 */
#include <pthread.h>

#include "pts_cond_waiters.h"

#define NTHREADS 5

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, go, woken;

static void *waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	waiting++;
	while (!go)
		pthread_cond_wait(&c, &m);
	woken++;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t[NTHREADS];
	int i, err;

	pts_start_waiters(t, NTHREADS, waiter, &m, &waiting);

	pthread_mutex_lock(&m);
	go = 1;
	err = pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	if (err)
		PTS_FAILED("pthread_cond_broadcast() returned %d", err);
	for (i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	if (woken != NTHREADS)
		PTS_FAILED("%d of %d waiters woke", woken, NTHREADS);
	PTS_PASSED("one broadcast woke all %d waiters", NTHREADS);
}
