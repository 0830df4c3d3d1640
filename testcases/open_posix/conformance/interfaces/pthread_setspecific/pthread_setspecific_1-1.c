// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setspecific()/pthread_getspecific(): a value bound to a key
 * is seen by pthread_getspecific() in the same thread only, the last
 * value set replaces the former one, and a new thread starts with NULL
 * for every key even though its creator bound values; keys are
 * independent of each other.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define N 4

static pthread_key_t k1, k2;
static pthread_barrier_t b;

static void *thread(void *arg)
{
	long i = (long)arg;
	long bad = 0;

	if (pthread_getspecific(k1) || pthread_getspecific(k2))
		bad |= 1;
	pthread_setspecific(k1, (void *)(i * 10 + 1));
	pthread_setspecific(k1, (void *)(i * 10 + 2));	/* replaces */
	pthread_setspecific(k2, (void *)(i * 10 + 3));
	pthread_barrier_wait(&b);	/* everybody has set theirs */
	if (pthread_getspecific(k1) != (void *)(i * 10 + 2))
		bad |= 2;
	if (pthread_getspecific(k2) != (void *)(i * 10 + 3))
		bad |= 4;
	return (void *)bad;
}

int main(void)
{
	pthread_t t[N];
	long i;
	void *v;

	if (pthread_key_create(&k1, NULL) || pthread_key_create(&k2, NULL))
		PTS_UNRES("pthread_key_create() failed");
	if (pthread_setspecific(k1, (void *)7L))
		PTS_FAILED("pthread_setspecific() failed");
	if (pthread_getspecific(k1) != (void *)7L || pthread_getspecific(k2))
		PTS_FAILED("main reads %p %p, expected 0x7 (nil)",
			   pthread_getspecific(k1), pthread_getspecific(k2));
	pthread_barrier_init(&b, NULL, N);
	for (i = 0; i < N; i++)
		pthread_create(&t[i], NULL, thread, (void *)(i + 1));
	for (i = 0; i < N; i++) {
		pthread_join(t[i], &v);
		if ((long)v & 1)
			PTS_FAILED("thread %ld started with a non-NULL value", i);
		if ((long)v & 6)
			PTS_FAILED("thread %ld sees another thread's value (%ld)",
				   i, (long)v);
	}
	if (pthread_getspecific(k1) != (void *)7L)
		PTS_FAILED("main's value changed to %p", pthread_getspecific(k1));
	PTS_PASSED("per-thread values, replaced by the last set, NULL in new threads");
}
