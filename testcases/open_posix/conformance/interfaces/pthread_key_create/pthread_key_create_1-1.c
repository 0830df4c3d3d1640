// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_create()/pthread_setspecific()/pthread_getspecific(): a new
 * key has the value NULL in every thread, also in threads created later;
 * each thread's value is its own; the destructor runs at thread exit
 * only for non-NULL values, with the thread's value.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define N 4

static pthread_key_t key;
static int vals[N], calls[N], stray;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void dtor(void *v)
{
	pthread_mutex_lock(&m);
	if ((int *)v >= vals && (int *)v < vals + N)
		calls[(int *)v - vals]++;
	else
		stray++;
	pthread_mutex_unlock(&m);
}

static void *thread(void *arg)
{
	long i = (long)arg;

	if (pthread_getspecific(key))
		return (void *)1;
	if (i % 2 == 0)
		pthread_setspecific(key, &vals[i]);
	sched_yield();
	if (pthread_getspecific(key) != (i % 2 == 0 ? &vals[i] : NULL))
		return (void *)2;
	return NULL;
}

int main(void)
{
	pthread_t t[N];
	void *v;
	long i;

	if (pthread_key_create(&key, dtor))
		PTS_UNRES("pthread_key_create() failed");
	pthread_setspecific(key, &stray);
	for (i = 0; i < N; i++)
		pthread_create(&t[i], NULL, thread, (void *)i);
	for (i = 0; i < N; i++) {
		pthread_join(t[i], &v);
		if (v)
			PTS_FAILED("thread %ld saw a wrong value (%ld)", i, (long)v);
	}
	for (i = 0; i < N; i++)
		if (calls[i] != (i % 2 == 0))
			PTS_FAILED("destructor ran %d times for thread %ld", calls[i], i);
	if (stray)
		PTS_FAILED("destructor got a value that was not the thread's");
	if (pthread_getspecific(key) != &stray)
		PTS_FAILED("the main thread's value changed");
	if (pthread_key_delete(key))
		PTS_FAILED("pthread_key_delete() failed");
	PTS_PASSED("per-thread values, destructors for non-NULL values");
}
