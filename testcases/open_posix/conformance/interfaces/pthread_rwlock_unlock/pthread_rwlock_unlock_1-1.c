// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_unlock(): releasing one of two read locks leaves the
 * lock read-locked (another thread's trywrlock fails with [EBUSY], its
 * tryrdlock succeeds); releasing the last read lock leaves it unlocked
 * with no owners, and a writer blocked on it (asleep in the kernel) then
 * acquires it; releasing the write lock makes it available to readers.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int wtid, wgot, release;

static void *try(void *arg)
{
	long r = (long)arg ? pthread_rwlock_trywrlock(&l) :
		 pthread_rwlock_tryrdlock(&l);

	if (!r)
		pthread_rwlock_unlock(&l);
	return (void *)r;
}

static long other(int write)
{
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, try, (void *)(long)write);
	pthread_join(t, &v);
	return (long)v;
}

static void *writer(void *arg)
{
	(void)arg;
	wtid = pts_gettid();
	if (pthread_rwlock_wrlock(&l))
		return (void *)1;
	__atomic_store_n(&wgot, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "release");
	if (pthread_rwlock_unlock(&l))
		return (void *)2;
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *v;

	pthread_rwlock_rdlock(&l);
	pthread_rwlock_rdlock(&l);
	if (pthread_rwlock_unlock(&l))
		PTS_FAILED("unlock of the first read lock failed");
	if (other(1) != EBUSY)
		PTS_FAILED("trywrlock with one read lock left returned %ld, expected EBUSY",
			   other(1));
	if (other(0))
		PTS_FAILED("tryrdlock with one read lock left failed");
	pthread_create(&t, NULL, writer, NULL);
	pts_wait_flag(&wtid, "the writer");
	pts_wait_in_syscall(wtid, SYS_futex);
	if (wgot)
		PTS_FAILED("the writer got a read-locked lock");
	if (pthread_rwlock_unlock(&l))
		PTS_FAILED("unlock of the last read lock failed");
	pts_wait_flag(&wgot, "the writer's lock");
	if (other(0) != EBUSY || other(1) != EBUSY)
		PTS_FAILED("trylocks against the writer did not return EBUSY");
	release = 1;
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("writer: %s", v == (void *)1 ? "wrlock failed" :
			   "unlock of the write lock failed");
	if (other(0) || other(1))
		PTS_FAILED("the lock is not free after the write unlock");
	PTS_PASSED("read locks counted, last unlock frees and wakes the writer");
}
