// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_testcancel(): "The pthread_testcancel() function shall have
 * no effect if cancelability is disabled." A thread disables
 * cancellation, a request is made (pthread_cancel() returns 0), and
 * the thread calls pthread_testcancel() 1000 times, sleeps 20 ms in
 * nanosleep() and reads a byte from a pipe (both cancellation points,
 * both complete: 0 and the byte), then switches to asynchronous type
 * and calls pthread_testcancel() again: nothing acts, and the thread
 * records that it got past all of it. Once re-enabled (DEFERRED), the
 * next pthread_testcancel() acts: the join gives PTHREAD_CANCELED and
 * the code after that call never ran.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static volatile int ready, requested, survived, after;

static void *thr(void *arg)
{
	struct timespec ts = { 0, 20000000 };
	char c = 0;
	int i, old;

	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&requested, "the cancel request");
	for (i = 0; i < 1000; i++)
		pthread_testcancel();
	if (nanosleep(&ts, NULL))
		return (void *)1L;
	if (read(p[0], &c, 1) != 1 || c != 'x')
		return (void *)2L;
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
	pthread_testcancel();
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old);
	survived = 1;
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	pthread_testcancel();
	after = 1;
	return (void *)3L;
}

int main(void)
{
	pthread_t t;
	void *r;

	if (pipe(p) || write(p[1], "x", 1) != 1)
		PTS_UNRES("pipe(): %s", strerror(errno));
	if (pthread_create(&t, NULL, thr, NULL))
		PTS_UNRES("pthread_create()");
	pts_wait_flag(&ready, "the thread to disable cancellation");
	if (pthread_cancel(t))
		PTS_FAILED("pthread_cancel() failed");
	__atomic_store_n(&requested, 1, __ATOMIC_RELEASE);
	if (pthread_join(t, &r))
		PTS_UNRES("pthread_join()");
	if (r == (void *)1L || r == (void *)2L)
		PTS_FAILED("a cancellation point failed while disabled (%ld)", (long)r);
	if (!survived)
		PTS_FAILED("the request acted while cancellation was disabled");
	if (r != PTHREAD_CANCELED || after)
		PTS_FAILED("once enabled, pthread_testcancel() did not act (%p)", r);
	PTS_PASSED("no effect while disabled (1000 calls, sleep, read, async); acted once enabled");
}
