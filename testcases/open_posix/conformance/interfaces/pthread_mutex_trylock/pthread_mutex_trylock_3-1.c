// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_trylock() on a PTHREAD_MUTEX_RECURSIVE mutex: "If the
 * mutex type is PTHREAD_MUTEX_RECURSIVE and the mutex is currently owned
 * by the calling thread, the mutex lock count shall be incremented by
 * one and pthread_mutex_trylock() shall immediately return success." The
 * owner's trylock succeeds 100 times; another thread's trylock fails
 * with [EBUSY] until the 101st unlock, then succeeds.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *try(void *arg)
{
	long r = pthread_mutex_trylock(&m);

	(void)arg;
	if (!r)
		pthread_mutex_unlock(&m);
	return (void *)r;
}

static long other(void)
{
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, try, NULL);
	pthread_join(t, &v);
	return (long)v;
}

int main(void)
{
	pthread_mutexattr_t a;
	int i, err;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&m, &a);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("trylock of a free mutex failed");
	for (i = 0; i < 100; i++) {
		err = pthread_mutex_trylock(&m);
		if (err)
			PTS_FAILED("owner's trylock #%d returned %d", i + 2, err);
	}
	for (i = 0; i < 101; i++) {
		if (other() != EBUSY)
			PTS_FAILED("another thread got the mutex after %d of 101 unlocks",
				   i);
		if (pthread_mutex_unlock(&m))
			PTS_FAILED("unlock #%d failed", i + 1);
	}
	if (other() != 0)
		PTS_FAILED("another thread's trylock failed after the last unlock");
	PTS_PASSED("recursive trylock counts 101, EBUSY for others until the last unlock");
}
