// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock(): "If a signal is delivered to a thread waiting
 * for a mutex, upon return from the signal handler the thread shall
 * resume waiting for the mutex as if it was not interrupted", and the
 * function "shall not return an error code of [EINTR]". A thread
 * blocked on a held mutex (plain, then PRIO_INHERIT) takes three caught
 * signals (handler without SA_RESTART), goes back to sleep in the kernel
 * after each, and returns 0 with the mutex only once it is unlocked.
 */
#include <pthread.h>

#include "pts_no_eintr.h"

static pthread_mutex_t m;
static volatile int tid, got;

static void *waiter(void *arg)
{
	long r;

	(void)arg;
	tid = pts_gettid();
	r = pthread_mutex_lock(&m);
	got = 1;
	if (!r)
		pthread_mutex_unlock(&m);
	return (void *)r;
}

static void run(int proto)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *v;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	tid = pts_ne_handled = got = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, &got, proto == PTHREAD_PRIO_NONE ?
			 "pthread_mutex_lock() (PRIO_NONE)" :
			 "pthread_mutex_lock() (PRIO_INHERIT)");
	pthread_mutex_unlock(&m);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("protocol %d: the lock returned %ld", proto, (long)v);
	if (pts_ne_handled != 3)
		PTS_FAILED("protocol %d: %d signals handled", proto,
			   pts_ne_handled);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	pts_ne_install();
	run(PTHREAD_PRIO_NONE);
	run(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("the wait resumed after each signal, no EINTR");
}
