// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_trylock() on a mutex another thread holds returns EBUSY at
 * once and does not take it; after the holder unlocks, trylock returns 0.
 * pthread_mutex_lock() blocks while the mutex is held and returns 0 once
 * it is released, with the holder's store visible.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "posixtest.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int try_ret = -1, value;

static void *try_it(void *arg)
{
	(void)arg;
	try_ret = pthread_mutex_trylock(&m);
	if (!try_ret)
		pthread_mutex_unlock(&m);
	return NULL;
}

static void *lock_it(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1;
	if (value != 7) {
		pthread_mutex_unlock(&m);
		return (void *)2;
	}
	pthread_mutex_unlock(&m);
	return NULL;
}

static void run(void *(*fn)(void *), void **ret)
{
	pthread_t t;
	int err = pthread_create(&t, NULL, fn, NULL);

	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	err = pthread_join(t, ret);
	if (err)
		PTS_UNRES("pthread_join(): %s", strerror(err));
}

int main(void)
{
	void *ret;
	pthread_t t;
	int err;

	if (pthread_mutex_lock(&m))
		PTS_UNRES("pthread_mutex_lock()");
	run(try_it, &ret);
	if (try_ret != EBUSY)
		PTS_FAILED("pthread_mutex_trylock() of a held mutex returned %d, expected EBUSY",
			   try_ret);

	err = pthread_create(&t, NULL, lock_it, NULL);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	value = 7;
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("pthread_mutex_unlock() by the holder failed");
	err = pthread_join(t, &ret);
	if (err)
		PTS_UNRES("pthread_join(): %s", strerror(err));
	if (ret)
		PTS_FAILED("the blocked pthread_mutex_lock() %s",
			   ret == (void *)1 ? "failed" : "did not see the holder's store");

	run(try_it, &ret);
	if (try_ret != 0)
		PTS_FAILED("pthread_mutex_trylock() of a free mutex returned %d, expected 0",
			   try_ret);
	PTS_PASSED("trylock: EBUSY while held, 0 when free");
}
