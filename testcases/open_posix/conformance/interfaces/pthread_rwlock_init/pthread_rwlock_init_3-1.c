// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_init(): "Once initialized, the lock can be used any
 * number of times without being reinitialized." One lock, initialised
 * once, is taken 4000 times by each of two writer and two reader
 * threads contending for it (blocked ones sleep in the kernel): no
 * writer ever sees another holder (a shared count of readers and
 * writers inside), no reader sees a writer, the writers' 8000
 * increments of an unprotected counter are all there, and the lock is
 * free at the end (trywrlock 0).
 */
#include <pthread.h>

#include "pts_helpers.h"

#define ITER 4000

static pthread_rwlock_t l;
static int readers, writers, bad;
static long counter;

static void *writer(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < ITER; i++) {
		if (pthread_rwlock_wrlock(&l))
			return (void *)1L;
		if (__atomic_add_fetch(&writers, 1, __ATOMIC_ACQ_REL) != 1 ||
		    __atomic_load_n(&readers, __ATOMIC_ACQUIRE))
			bad = 1;
		counter++;
		__atomic_sub_fetch(&writers, 1, __ATOMIC_ACQ_REL);
		if (pthread_rwlock_unlock(&l))
			return (void *)1L;
	}
	return NULL;
}

static void *reader(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < ITER; i++) {
		if (pthread_rwlock_rdlock(&l))
			return (void *)1L;
		__atomic_add_fetch(&readers, 1, __ATOMIC_ACQ_REL);
		if (__atomic_load_n(&writers, __ATOMIC_ACQUIRE))
			bad = 1;
		__atomic_sub_fetch(&readers, 1, __ATOMIC_ACQ_REL);
		if (pthread_rwlock_unlock(&l))
			return (void *)1L;
	}
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	void *r;
	int i;

	PTS_EXPECT_ERR(pthread_rwlock_init(&l, NULL), 0, "pthread_rwlock_init()");
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, i < 2 ? writer : reader, NULL))
			PTS_UNRES("pthread_create()");
	for (i = 0; i < 4; i++) {
		pthread_join(t[i], &r);
		if (r)
			PTS_FAILED("a lock or unlock call failed in thread %d", i);
	}
	if (bad)
		PTS_FAILED("exclusion broken: a writer beside another holder");
	if (counter != 2 * ITER)
		PTS_FAILED("%ld of %d writer increments", counter, 2 * ITER);
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&l), 0, "trywrlock at the end");
	pthread_rwlock_unlock(&l);
	PTS_PASSED("16000 lock cycles on one initialisation, exclusion kept");
}
