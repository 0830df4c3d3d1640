// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_rdlock()/tryrdlock()/trywrlock(): several readers hold
 * the lock at once (a second thread read-locks while the first holds
 * it); while any read lock is held, trywrlock returns EBUSY; while a
 * write lock is held, tryrdlock and trywrlock return EBUSY; a thread
 * read-locking a lock it holds for reading succeeds again (counted:
 * two unlocks before a writer gets in).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;

static void *tryr(void *arg)
{
	long r = pthread_rwlock_tryrdlock(&l);

	(void)arg;
	if (!r)
		pthread_rwlock_unlock(&l);
	return (void *)r;
}

static void *tryw(void *arg)
{
	long r = pthread_rwlock_trywrlock(&l);

	(void)arg;
	if (!r)
		pthread_rwlock_unlock(&l);
	return (void *)r;
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
	PTS_EXPECT_ERR(pthread_rwlock_rdlock(&l), 0, "rdlock");
	if (run(tryr))
		PTS_FAILED("a second reader was refused");
	if (run(tryw) != EBUSY)
		PTS_FAILED("trywrlock with a reader did not return EBUSY");
	PTS_EXPECT_ERR(pthread_rwlock_rdlock(&l), 0, "recursive rdlock");
	pthread_rwlock_unlock(&l);
	if (run(tryw) != EBUSY)
		PTS_FAILED("writer got in with one of two read locks left");
	pthread_rwlock_unlock(&l);
	if (run(tryw))
		PTS_FAILED("writer refused on a free lock");
	PTS_EXPECT_ERR(pthread_rwlock_wrlock(&l), 0, "wrlock");
	if (run(tryr) != EBUSY)
		PTS_FAILED("tryrdlock with a writer did not return EBUSY");
	if (run(tryw) != EBUSY)
		PTS_FAILED("trywrlock with a writer did not return EBUSY");
	pthread_rwlock_unlock(&l);
	PTS_PASSED("shared readers, exclusive writer, EBUSY from the trylocks");
}
