// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_clockwait() is a cancellation point like
 * pthread_cond_timedwait() (XSH 2.9.5.2, POSIX.1-2024), with the same
 * side-effect: the mutex is re-acquired before the first cancellation
 * cleanup handler is called. A thread blocked in
 * pthread_cond_clockwait() on CLOCK_MONOTONIC (deadline an hour ahead,
 * seen asleep in the futex call) is cancelled: it joins with
 * PTHREAD_CANCELED long before the deadline; its cleanup handler found
 * the ERRORCHECK mutex owned by itself (another thread's trylock EBUSY
 * there, its own unlock 0); the mutex is free afterwards.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tid, returned, other_try = -1, unlock_res = -1;

static void *trier(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_trylock(&m);
}

static void cleanup(void *a)
{
	pthread_t t;
	void *r;

	(void)a;
	pthread_create(&t, NULL, trier, NULL);
	pthread_join(t, &r);
	other_try = (int)(long)r;
	unlock_res = pthread_mutex_unlock(&m);
}

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);

	(void)arg;
	pthread_mutex_lock(&m);
	pthread_cleanup_push(cleanup, NULL);
	tid = pts_gettid();
	for (;;)
		pthread_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &ts);
	returned = 1;
	pthread_cleanup_pop(1);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t a;
	long long t0 = pts_now(CLOCK_MONOTONIC);
	pthread_t t;
	void *r;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	pts_wait_in_syscall(tid, SYS_futex);
	pthread_cancel(t);
	pthread_join(t, &r);
	if (r != PTHREAD_CANCELED || returned)
		PTS_FAILED("the clocked wait was not cancelled (value %p)", r);
	if (pts_now(CLOCK_MONOTONIC) - t0 > 600 * PTS_NSEC)
		PTS_FAILED("cancelled only at the deadline");
	if (other_try != EBUSY)
		PTS_FAILED("in the cleanup handler another thread's trylock gave %d, expected EBUSY",
			   other_try);
	if (unlock_res)
		PTS_FAILED("the cleanup handler did not own the mutex (unlock %d)",
			   unlock_res);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("the mutex is not free after the cleanup");
	pthread_mutex_unlock(&m);
	PTS_PASSED("pthread_cond_clockwait() is a cancellation point, mutex re-acquired for the cleanup");
}
