// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_signal() unblocks at least one thread blocked on the
 * condition variable; the woken thread returns from pthread_cond_wait()
 * with the mutex held. Three threads wait for a predicate each; the main
 * thread makes one predicate true per pthread_cond_signal() and checks
 * that all three finish (each signal wakes at least one waiter, and waiters
 * whose predicate is false go back to waiting).
 */
#include <pthread.h>

#include "pts_cond_waiters.h"

#define NTHREADS 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, tickets, done, bad;

static void *waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	waiting++;
	while (!tickets)
		pthread_cond_wait(&c, &m);
	/* pthread_cond_wait() returns with the mutex held */
	if (pthread_mutex_trylock(&m) == 0) {
		bad = 1;
		pthread_mutex_unlock(&m);
	}
	tickets--;
	done++;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t[NTHREADS];
	int i, err;

	pts_start_waiters(t, NTHREADS, waiter, &m, &waiting);

	for (i = 0; i < NTHREADS; i++) {
		pthread_mutex_lock(&m);
		tickets++;
		err = pthread_cond_signal(&c);
		pthread_mutex_unlock(&m);
		if (err)
			PTS_FAILED("pthread_cond_signal() returned %d", err);
	}
	for (i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	if (done != NTHREADS)
		PTS_FAILED("%d of %d waiters finished", done, NTHREADS);
	if (bad)
		PTS_FAILED("a waiter came back from pthread_cond_wait() without the mutex");
	PTS_PASSED("%d signals let %d waiters go, each holding the mutex",
		   NTHREADS, NTHREADS);
}
