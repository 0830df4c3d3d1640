// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_MUTEX_RECURSIVE: the owner may relock; the mutex keeps a lock
 * count and "a thread attempting to unlock ... shall decrement it; when
 * the count reaches zero the mutex shall become available". Locked 5
 * times, it stays unavailable to another thread (trylock EBUSY) after 4
 * unlocks and becomes available after the 5th; unlock by a non-owner
 * returns EPERM.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *probe(void *arg)
{
	int r = pthread_mutex_trylock(&m);

	(void)arg;
	if (!r)
		pthread_mutex_unlock(&m);
	return (void *)(long)r;
}

static void *unlocker(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

static long run(void *(*fn)(void *))
{
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, fn, NULL);
	pthread_join(t, &v);
	return (long)v;
}

int main(void)
{
	pthread_mutexattr_t a;
	int i;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&m, &a);
	for (i = 0; i < 5; i++)
		if (pthread_mutex_lock(&m))
			PTS_FAILED("recursive lock %d failed", i + 1);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("recursive trylock by the owner failed");
	pthread_mutex_unlock(&m);
	if (run(unlocker) != EPERM)
		PTS_FAILED("unlock by a non-owner did not return EPERM");
	for (i = 0; i < 4; i++) {
		pthread_mutex_unlock(&m);
		if (run(probe) != EBUSY)
			PTS_FAILED("available after %d of 5 unlocks", i + 1);
	}
	pthread_mutex_unlock(&m);
	if (run(probe) != 0)
		PTS_FAILED("not available after the 5th unlock");
	PTS_PASSED("recursive mutex counted 5 locks");
}
