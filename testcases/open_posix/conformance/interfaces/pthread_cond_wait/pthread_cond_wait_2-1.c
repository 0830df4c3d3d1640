// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait() is a cancellation point: "a side-effect of acting
 * upon a cancellation request while in a condition wait is that the
 * mutex is (in effect) re-acquired before calling the first cancellation
 * cleanup handler". A thread blocked in pthread_cond_wait() (seen asleep
 * in the futex wait) is cancelled: its cleanup handler finds the mutex
 * held by itself (an ERRORCHECK mutex unlocks without
 * error there), the thread joins with PTHREAD_CANCELED, and other
 * waiters are not lost: a second waiter is still woken by a signal.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile pid_t tid1, tid2;
static volatile int cleanup_unlock = -1, pred;

static void cleanup(void *arg)
{
	(void)arg;
	cleanup_unlock = pthread_mutex_unlock(&m);
}

static void *victim(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	tid1 = pts_gettid();
	pthread_cleanup_push(cleanup, NULL);
	for (;;)
		pthread_cond_wait(&c, &m);
	pthread_cleanup_pop(0);
	return NULL;
}

static void *survivor(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	tid2 = pts_gettid();
	while (!pred)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t1, t2;
	void *v;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	pthread_create(&t1, NULL, victim, NULL);
	pthread_create(&t2, NULL, survivor, NULL);
	while (!tid1 || !tid2)
		pts_nap();
	pts_wait_in_syscall(tid1, SYS_futex);
	pts_wait_in_syscall(tid2, SYS_futex);
	pthread_cancel(t1);
	pthread_join(t1, &v);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("the waiter was not cancelled");
	if (cleanup_unlock != 0)
		PTS_FAILED("in the cleanup handler the mutex was not held (unlock %d)",
			   cleanup_unlock);
	pthread_mutex_lock(&m);
	pred = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	pthread_join(t2, NULL);
	PTS_PASSED("cancelled waiter held the mutex in cleanup; others still woken");
}
