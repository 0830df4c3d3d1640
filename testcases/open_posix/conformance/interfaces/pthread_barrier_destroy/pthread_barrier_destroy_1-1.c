// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_destroy(): a barrier no thread is blocked on may be
 * destroyed, also right after the round that released every waiter
 * (the last arriving thread destroys it while the others may still be
 * leaving pthread_barrier_wait()); every waiter returns 0 or
 * PTHREAD_BARRIER_SERIAL_THREAD, exactly one the latter; the barrier can
 * then be initialised again with another count, which is the one
 * honoured.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_barrier_t b;
static volatile int past;

static void *thread(void *arg)
{
	int r = pthread_barrier_wait(&b);

	(void)arg;
	__atomic_add_fetch(&past, 1, __ATOMIC_ACQ_REL);
	return (void *)(long)r;
}

static void round_of(int n)
{
	pthread_t t[8];
	int i, serial = 0, r, err;
	void *v;

	past = 0;
	pthread_barrier_init(&b, NULL, n);
	for (i = 0; i < n - 1; i++)
		pthread_create(&t[i], NULL, thread, NULL);
	r = pthread_barrier_wait(&b);
	err = pthread_barrier_destroy(&b);
	if (err)
		PTS_FAILED("count %d: destroy right after the round returned %d",
			   n, err);
	serial += r == PTHREAD_BARRIER_SERIAL_THREAD;
	if (r && r != PTHREAD_BARRIER_SERIAL_THREAD)
		PTS_FAILED("main's wait returned %d", r);
	for (i = 0; i < n - 1; i++) {
		pthread_join(t[i], &v);
		r = (int)(long)v;
		if (r && r != PTHREAD_BARRIER_SERIAL_THREAD)
			PTS_FAILED("a waiter returned %d", r);
		serial += r == PTHREAD_BARRIER_SERIAL_THREAD;
	}
	if (serial != 1)
		PTS_FAILED("count %d: %d serial threads", n, serial);
}

int main(void)
{
	round_of(4);
	round_of(2);
	round_of(7);
	PTS_PASSED("destroyed after each round, re-initialised with 4, 2, 7");
}
