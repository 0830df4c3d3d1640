// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_clockrdlock() (POSIX.1-2024) blocks while a writer
 * holds the lock and returns 0, owning a read lock, once the writer
 * unlocks before the deadline. Two threads wait in it (one on
 * CLOCK_REALTIME, one on CLOCK_MONOTONIC, deadlines an hour ahead),
 * seen asleep in the futex call; main releases its write lock: both
 * return 0 and hold read locks together (main's trywrlock is EBUSY
 * while they hold them, 0 once both have unlocked).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int tids[2], got[2], release;

static void *reader(void *arg)
{
	long i = (long)arg;
	clockid_t clk = i ? CLOCK_MONOTONIC : CLOCK_REALTIME;
	struct timespec ts = pts_deadline(clk, 3600 * PTS_NSEC);
	int e;

	__atomic_store_n(&tids[i], pts_gettid(), __ATOMIC_RELEASE);
	e = pthread_rwlock_clockrdlock(&l, clk, &ts);
	if (e)
		return (void *)(long)e;
	__atomic_store_n(&got[i], 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "the release");
	pthread_rwlock_unlock(&l);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	void *ret;
	long i;

	if (pthread_rwlock_wrlock(&l))
		PTS_UNRES("wrlock failed");
	for (i = 0; i < 2; i++) {
		if (pthread_create(&t[i], NULL, reader, (void *)i))
			PTS_UNRES("pthread_create failed");
		pts_wait_flag(&tids[i], "a reader's tid");
		pts_wait_in_syscall(tids[i], SYS_futex);
	}
	if (got[0] || got[1])
		PTS_FAILED("a reader got the lock while main holds the write lock");
	pthread_rwlock_unlock(&l);
	pts_wait_flag(&got[0], "the REALTIME reader");
	pts_wait_flag(&got[1], "the MONOTONIC reader");
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&l), EBUSY, "trywrlock while read-held");
	release = 1;
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], &ret);
		if (ret)
			PTS_FAILED("reader %ld: clockrdlock returned %ld", i, (long)ret);
	}
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&l), 0, "trywrlock after both unlocked");
	PTS_PASSED("blocked clockrdlock callers on both clocks take the read lock on the writer's unlock");
}
