// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "The pthread_once() function is not a cancellation point" (it is in
 * neither list of XSH 2.9.5.2). While one thread runs the init routine,
 * held on a mutex main owns (pthread_mutex_lock() is not a cancellation
 * point either), a second thread calls pthread_once() with the same
 * once_control and sleeps in the kernel (futex) waiting for it to
 * complete. A deferred cancel request to the second thread must not act
 * inside pthread_once(): once the init routine completes, that call
 * returns 0 (the thread records it) and the request is acted on at its
 * next cancellation point, pthread_testcancel(): the join gives
 * PTHREAD_CANCELED; the init routine ran once.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t hold = PTHREAD_MUTEX_INITIALIZER;
static volatile int calls, returned = -1, past_test;

static void init(void)
{
	calls++;
	pthread_mutex_lock(&hold);
	pthread_mutex_unlock(&hold);
}

static void *first(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_once(&once, init);
}

static void *second(void *arg)
{
	(void)arg;
	returned = pthread_once(&once, init);
	pthread_testcancel();
	past_test = 1;
	return NULL;
}

int main(void)
{
	struct pts_blocked b1, b2;
	void *v;
	int err;

	pthread_mutex_lock(&hold);
	pts_start_blocked(&b1, first, NULL, SYS_futex);	/* in init */
	pts_start_blocked(&b2, second, NULL, SYS_futex);	/* in once */
	if (calls != 1)
		PTS_UNRES("init entered %d times", calls);
	if (pthread_cancel(b2.t))
		PTS_UNRES("pthread_cancel()");
	/* the request is pending: the waiter must still be in pthread_once() */
	pts_wait_in_syscall(b2.tid, SYS_futex);
	pthread_mutex_unlock(&hold);
	err = pthread_join(b2.t, &v);
	if (err)
		PTS_UNRES("join of the second thread: %s", strerrorname_np(err));
	if (returned == -1)
		PTS_FAILED("the thread was cancelled inside pthread_once()");
	if (returned)
		PTS_FAILED("the waiting pthread_once() returned %d", returned);
	if (v != PTHREAD_CANCELED || past_test)
		PTS_FAILED("the pending request was not acted on at pthread_testcancel()");
	if (pts_join_long(b1.t))
		PTS_FAILED("the first pthread_once() failed");
	if (calls != 1)
		PTS_FAILED("init ran %d times", calls);
	PTS_PASSED("a cancel request stays pending through pthread_once()");
}
