// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedrdlock() applies a read lock "as in the
 * pthread_rwlock_rdlock() function"; only a wait that lasts until the
 * timeout is ended by it. Two readers with deadlines an hour ahead sleep
 * in the kernel (futex) while main holds the write lock; once main
 * unlocks, both return 0 (not [ETIMEDOUT]) and hold read locks at the
 * same time: main's trywrlock is [EBUSY] while both are held, and
 * succeeds after both readers unlocked.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static volatile int got, release;

static void *reader(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int err = pthread_rwlock_timedrdlock(&rw, &dl);

	(void)arg;
	if (err)
		return (void *)(long)err;
	__atomic_add_fetch(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	return (void *)(long)pthread_rwlock_unlock(&rw);
}

int main(void)
{
	struct pts_blocked b[2];
	long long end;
	long r;
	int i;

	if (pthread_rwlock_wrlock(&rw))
		PTS_UNRES("main's write lock");
	for (i = 0; i < 2; i++)
		pts_start_blocked(&b[i], reader, NULL, SYS_futex);
	if (got)
		PTS_FAILED("a timed reader got the lock during main's write lock");
	if (pthread_rwlock_unlock(&rw))
		PTS_FAILED("main's unlock failed");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (__atomic_load_n(&got, __ATOMIC_ACQUIRE) < 2) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%d of 2 timed readers got the released lock",
				   got);
		pts_nap();
	}
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&rw), EBUSY,
		       "main's trywrlock while both readers hold the lock");
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++) {
		r = pts_join_long(b[i].t);
		if (r)
			PTS_FAILED("timedrdlock/unlock returned %s",
				   strerrorname_np((int)r));
	}
	if (pthread_rwlock_trywrlock(&rw))
		PTS_FAILED("trywrlock after both readers unlocked failed");
	PTS_PASSED("both timed readers got the lock released before the deadline");
}
