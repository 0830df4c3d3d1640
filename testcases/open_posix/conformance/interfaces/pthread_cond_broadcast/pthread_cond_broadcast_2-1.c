// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_broadcast(): all waiters are unblocked, and each returns
 * from pthread_cond_wait() "with the mutex locked and owned by the
 * calling thread", so after one broadcast they run their critical
 * sections one at a time. Six waiters on an ERRORCHECK mutex (all
 * counted as waiting under the mutex before the broadcast) each find,
 * on return, that no other waiter is inside its critical section, stay
 * in it a while (yielding), and unlock without error (they owned it);
 * all six finish.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NT 6

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, go, inside, bad, done;

static void *waiter(void *arg)
{
	int i;

	(void)arg;
	pthread_mutex_lock(&m);
	waiting++;
	while (!go)
		pthread_cond_wait(&c, &m);
	if (inside++)
		bad = 1;
	for (i = 0; i < 20; i++)
		sched_yield();
	inside--;
	done++;
	if (pthread_mutex_unlock(&m))
		__atomic_store_n(&bad, 2, __ATOMIC_SEQ_CST);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t[NT];
	long long end;
	int i, n;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	for (i = 0; i < NT; i++)
		pthread_create(&t[i], NULL, waiter, NULL);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	do {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the waiters never all waited");
		pts_nap();
		pthread_mutex_lock(&m);
		n = waiting;
		pthread_mutex_unlock(&m);
	} while (n < NT);
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	for (i = 0; i < NT; i++)
		pthread_join(t[i], NULL);
	if (bad == 1)
		PTS_FAILED("two woken waiters were inside the critical section at once");
	if (bad == 2)
		PTS_FAILED("a woken waiter did not own the mutex (unlock failed)");
	if (done != NT)
		PTS_FAILED("%d of %d waiters finished", done, NT);
	PTS_PASSED("one broadcast woke all; each returned owning the mutex alone");
}
