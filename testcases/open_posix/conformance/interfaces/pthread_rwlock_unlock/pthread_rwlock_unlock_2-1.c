// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_unlock() by the writer with only readers blocked: read
 * locks are shared ("the calling thread acquires the read lock if a
 * writer does not hold the lock and there are no writers blocked on
 * the lock"), so once the write lock is released every blocked reader
 * can hold the lock at the same time. Four readers block in rdlock
 * (each seen asleep in the futex call) while main holds the write lock;
 * after main's unlock each reader, holding its read lock, waits
 * (bounded) until all four hold theirs: a release that let the readers
 * in one at a time would never get there. A writer's trywrlock is
 * [EBUSY] while they all hold it.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NR 4

static pthread_rwlock_t l;
static volatile int tids[NR], holding, all_in, release;

static void *reader(void *arg)
{
	long i = (long)arg;
	long r = 0;

	tids[i] = pts_gettid();
	if (pthread_rwlock_rdlock(&l))
		return (void *)1;
	__atomic_add_fetch(&holding, 1, __ATOMIC_SEQ_CST);
	/* hold the read lock until all are in or main gives up */
	while (__atomic_load_n(&holding, __ATOMIC_SEQ_CST) < NR &&
	       !__atomic_load_n(&release, __ATOMIC_SEQ_CST))
		pts_nap();
	if (__atomic_load_n(&holding, __ATOMIC_SEQ_CST) < NR)
		r = 2;
	pts_wait_flag(&release, "the release");
	pthread_rwlock_unlock(&l);
	return (void *)r;
}

int main(void)
{
	pthread_t t[NR];
	long long end;
	void *r;
	long i;
	int e, fail = 0, n;

	pthread_rwlock_init(&l, NULL);
	pthread_rwlock_wrlock(&l);
	for (i = 0; i < NR; i++) {
		pthread_create(&t[i], NULL, reader, (void *)i);
		pts_wait_flag(&tids[i], "a reader");
		pts_wait_in_syscall(tids[i], SYS_futex);
	}
	if (pthread_rwlock_unlock(&l))
		PTS_UNRES("the writer's unlock");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(20);
	while ((n = __atomic_load_n(&holding, __ATOMIC_SEQ_CST)) < NR &&
	       pts_now(CLOCK_MONOTONIC) < end)
		pts_nap();
	if (n == NR) {
		e = pthread_rwlock_trywrlock(&l);
		if (e != EBUSY)
			PTS_FAILED("trywrlock with four readers in: %d", e);
	}
	__atomic_store_n(&release, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < NR; i++) {
		pthread_join(t[i], &r);
		if (r)
			fail = (int)(long)r;
	}
	if (n != NR || fail)
		PTS_FAILED("the readers never held the lock all at once (%d of %d), reader result %d",
			   n, NR, fail);
	PTS_PASSED("all four blocked readers held the lock together after the writer's unlock");
}
