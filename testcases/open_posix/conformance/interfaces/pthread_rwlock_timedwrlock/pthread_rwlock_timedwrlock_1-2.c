// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedwrlock() applies a write lock "as in the
 * pthread_rwlock_wrlock() function"; only a wait that lasts until the
 * timeout is ended by it. A writer with a deadline an hour ahead sleeps
 * in the kernel (futex) while main holds a read lock, and once main
 * unlocks it returns 0 (not [ETIMEDOUT]), holding the write lock:
 * main's tryrdlock and trywrlock fail with [EBUSY] until the writer
 * unlocks. The same while main holds the write lock.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static volatile int got, release;

static void *writer(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int err = pthread_rwlock_timedwrlock(&rw, &dl);

	(void)arg;
	if (err)
		return (void *)(long)err;
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	return (void *)(long)pthread_rwlock_unlock(&rw);
}

static void run(int (*lock)(pthread_rwlock_t *), const char *name)
{
	struct pts_blocked b;
	long r;

	got = release = 0;
	if (lock(&rw))
		PTS_UNRES("main's %s", name);
	pts_start_blocked(&b, writer, NULL, SYS_futex);
	if (got)
		PTS_FAILED("the timed writer got the lock during main's %s", name);
	if (pthread_rwlock_unlock(&rw))
		PTS_FAILED("main's unlock of its %s failed", name);
	pts_wait_flag(&got, "the timed writer to get the lock");
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&rw), EBUSY,
		       "main's tryrdlock while the writer holds the lock");
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&rw), EBUSY,
		       "main's trywrlock while the writer holds the lock");
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	r = pts_join_long(b.t);
	if (r)
		PTS_FAILED("after main's %s: timedwrlock/unlock returned %s",
			   name, strerrorname_np((int)r));
	printf("after main's %s: the timed writer got the lock\n", name);
}

int main(void)
{
	run(pthread_rwlock_rdlock, "read lock");
	run(pthread_rwlock_wrlock, "write lock");
	PTS_PASSED("timedwrlock returns 0 with the lock released before the deadline");
}
