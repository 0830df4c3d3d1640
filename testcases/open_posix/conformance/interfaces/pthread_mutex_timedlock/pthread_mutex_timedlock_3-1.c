// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock() by the owner: on a RECURSIVE mutex it takes
 * the lock again at once (even with a deadline already passed) and the
 * lock count grows: another thread's trylock fails with [EBUSY] until
 * the owner has unlocked as many times; on an ERRORCHECK mutex it fails
 * with [EDEADLK] (not ETIMEDOUT) at once.
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
	struct timespec past = { 1, 0 }, later;
	pthread_mutexattr_t a;
	long long t0, t1;
	int err;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	err = pthread_mutex_timedlock(&m, &past);
	if (err)
		PTS_FAILED("owner's timedlock of a RECURSIVE mutex returned %d", err);
	pthread_mutex_unlock(&m);
	if (other() != EBUSY)
		PTS_FAILED("free after one of two unlocks");
	pthread_mutex_unlock(&m);
	if (other() != 0)
		PTS_FAILED("not free after the second unlock");
	pthread_mutex_destroy(&m);

	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	later = pts_deadline(CLOCK_REALTIME, pts_bound_ns(20));
	t0 = pts_now(CLOCK_MONOTONIC);
	err = pthread_mutex_timedlock(&m, &later);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (err != EDEADLK)
		PTS_FAILED("owner's timedlock of an ERRORCHECK mutex returned %d, expected EDEADLK",
			   err);
	if (t1 - t0 >= pts_bound_ns(20))
		PTS_FAILED("EDEADLK only after the timeout");
	pthread_mutex_unlock(&m);
	PTS_PASSED("RECURSIVE timedlock counts, ERRORCHECK EDEADLK at once");
}
