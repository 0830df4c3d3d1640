// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_wrlock()/rdlock(): [EDEADLK] "The current thread already
 * owns the read-write lock for writing" (glibc reports it for both calls,
 * a "may fail" error). While the writer holds it, its own
 * tryrdlock/trywrlock and another thread's tryrdlock return EBUSY; after
 * the unlock another thread gets it for reading. A new rwlockattr is
 * PTHREAD_PROCESS_PRIVATE; setpshared refuses another value with EINVAL.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t rw;

static void *try_read(void *arg)
{
	long err = pthread_rwlock_tryrdlock(&rw);

	(void)arg;
	if (!err)
		pthread_rwlock_unlock(&rw);
	return (void *)err;
}

static long other_try(void)
{
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, try_read, NULL);
	pthread_join(t, &v);
	return (long)v;
}

int main(void)
{
	pthread_rwlockattr_t a;
	int ps;

	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_getpshared(&a, &ps);
	if (ps != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("a new rwlockattr's pshared is %d, expected PRIVATE", ps);
	PTS_EXPECT_ERR(pthread_rwlockattr_setpshared(&a, 12345), EINVAL,
		       "setpshared(12345)");
	pthread_rwlock_init(&rw, &a);
	if (pthread_rwlock_wrlock(&rw))
		PTS_FAILED("wrlock of a free lock failed");
	PTS_EXPECT_ERR(pthread_rwlock_wrlock(&rw), EDEADLK,
		       "wrlock by the writer");
	PTS_EXPECT_ERR(pthread_rwlock_rdlock(&rw), EDEADLK,
		       "rdlock by the writer");
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&rw), EBUSY,
		       "trywrlock by the writer");
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&rw), EBUSY,
		       "tryrdlock by the writer");
	if (other_try() != EBUSY)
		PTS_FAILED("another thread's tryrdlock did not get EBUSY");
	if (pthread_rwlock_unlock(&rw))
		PTS_FAILED("the writer's unlock failed");
	if (other_try())
		PTS_FAILED("another thread could not read-lock after the unlock");
	PTS_PASSED("EDEADLK for the writer's wrlock and rdlock, EBUSY, EINVAL");
}
