// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait(): "If a signal is delivered to a thread blocked
 * on a barrier, upon return from the signal handler the thread shall
 * resume waiting at the barrier if the barrier wait has not completed";
 * no [EINTR]. A thread waiting on a barrier of count 2 takes three
 * caught signals (no SA_RESTART), is back asleep after each, and returns
 * only when the main thread arrives, with 0 or
 * PTHREAD_BARRIER_SERIAL_THREAD (exactly one of the two serial).
 */
#include <pthread.h>

#include "pts_no_eintr.h"

static pthread_barrier_t b;
static volatile int tid, passed;

static void *waiter(void *arg)
{
	long r;

	(void)arg;
	tid = pts_gettid();
	r = pthread_barrier_wait(&b);
	passed = 1;
	return (void *)r;
}

int main(void)
{
	pthread_t t;
	int r;
	void *v;

	pts_ne_install();
	pthread_barrier_init(&b, NULL, 2);
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, &passed, "the barrier wait of a lone waiter");
	r = pthread_barrier_wait(&b);
	pthread_join(t, &v);
	if ((r && r != PTHREAD_BARRIER_SERIAL_THREAD) ||
	    ((long)v && (long)v != PTHREAD_BARRIER_SERIAL_THREAD))
		PTS_FAILED("barrier waits returned %d and %ld", r, (long)v);
	if ((r == PTHREAD_BARRIER_SERIAL_THREAD) +
	    ((long)v == PTHREAD_BARRIER_SERIAL_THREAD) != 1)
		PTS_FAILED("%s serial thread", r == (long)v ? "not one" : "no");
	if (pts_ne_handled != 3)
		PTS_FAILED("%d signals handled", pts_ne_handled);
	PTS_PASSED("the barrier wait resumed after each signal");
}
