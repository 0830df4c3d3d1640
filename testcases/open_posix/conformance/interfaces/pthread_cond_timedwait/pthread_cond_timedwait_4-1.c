// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_timedwait() is a cancellation point: "A side-effect of
 * acting upon a cancellation request while in a condition wait is that
 * the mutex is (in effect) re-acquired before calling the first
 * cancellation cleanup handler." A thread cancelled while blocked in a
 * timed wait with a distant deadline ends at once (PTHREAD_CANCELED,
 * well before the deadline), its cleanup handler runs holding the mutex
 * (another thread's trylock fails with EBUSY there) and releases it;
 * the mutex is then free.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tid, held_in_cleanup = -1;

static void *probe(void *arg)
{
	long r = pthread_mutex_trylock(&m);

	(void)arg;
	if (!r)
		pthread_mutex_unlock(&m);
	return (void *)r;
}

static void cleanup(void *arg)
{
	pthread_t t;
	void *v;

	(void)arg;
	pthread_create(&t, NULL, probe, NULL);
	pthread_join(t, &v);
	held_in_cleanup = (long)v == EBUSY;
	pthread_mutex_unlock(&m);
}

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(30));

	(void)arg;
	pthread_mutex_lock(&m);
	pthread_cleanup_push(cleanup, NULL);
	tid = pts_gettid();
	for (;;)
		pthread_cond_timedwait(&c, &m, &dl);
	pthread_cleanup_pop(1);
	return NULL;
}

int main(void)
{
	long long t0;
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	pthread_mutex_lock(&m);		/* it is in the wait now */
	pthread_mutex_unlock(&m);
	pts_wait_in_syscall(tid, SYS_futex);
	t0 = pts_now(CLOCK_MONOTONIC);
	pthread_cancel(t);
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("the waiter was not cancelled");
	if (pts_now(CLOCK_MONOTONIC) - t0 >= pts_bound_ns(30))
		PTS_FAILED("the cancel acted only at the deadline");
	if (held_in_cleanup != 1)
		PTS_FAILED("the mutex was %s in the cleanup handler",
			   held_in_cleanup ? "not checked" : "free");
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is still held after the cleanup");
	PTS_PASSED("cancelled in a timed wait, mutex held in the cleanup handler");
}
