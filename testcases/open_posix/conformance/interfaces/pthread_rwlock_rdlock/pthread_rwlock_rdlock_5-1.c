// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_rdlock(): "A thread may hold multiple concurrent read
 * locks on rwlock (that is, successfully call the pthread_rwlock_rdlock()
 * function n times). If so, the application shall ensure that the
 * thread performs matching unlocks (that is, it calls the
 * pthread_rwlock_unlock() function n times)." Main takes three read
 * locks (rdlock, tryrdlock, rdlock: each 0); a writer then sleeps in the
 * kernel (futex) waiting; after two unlocks the writer still has not got
 * the lock and another thread's trywrlock is [EBUSY]; the third unlock
 * lets the writer in (main's tryrdlock then [EBUSY]).
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static volatile int got, release;

static void *writer(void *arg)
{
	int err = pthread_rwlock_wrlock(&rw);

	(void)arg;
	if (err)
		return (void *)(long)err;
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	return (void *)(long)pthread_rwlock_unlock(&rw);
}

/*
 * Wait, bounded, until the writer either sleeps in the kernel (futex)
 * or has got the lock; 1 when it got it. A writer still waiting is
 * seen asleep again at once; one woken by an unlock is seen with the
 * lock once it has taken it.
 */
static int writer_got(pid_t tid)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	char path[64], buf[64];
	long nr;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)tid);
	for (;;) {
		if (__atomic_load_n(&got, __ATOMIC_ACQUIRE))
			return 1;
		f = fopen(path, "r");
		if (!f)
			PTS_UNRES("open %s: %s", path, strerror(errno));
		if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &nr) != 1)
			nr = -2;
		fclose(f);
		if (nr == SYS_futex)
			return __atomic_load_n(&got, __ATOMIC_ACQUIRE);
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the writer neither waits nor holds the lock");
		pts_nap();
	}
}

static void *trywriter(void *arg)
{
	int err = pthread_rwlock_trywrlock(&rw);

	(void)arg;
	if (!err)
		pthread_rwlock_unlock(&rw);
	return (void *)(long)err;
}

int main(void)
{
	struct pts_blocked b;
	pthread_t t;
	long r;
	int i;

	if (pthread_rwlock_rdlock(&rw) || pthread_rwlock_tryrdlock(&rw) ||
	    pthread_rwlock_rdlock(&rw))
		PTS_FAILED("a second or third read lock by the same thread failed");
	pts_start_blocked(&b, writer, NULL, SYS_futex);
	for (i = 1; i <= 2; i++) {
		if (pthread_rwlock_unlock(&rw))
			PTS_FAILED("unlock %d of 3 failed", i);
		pthread_create(&t, NULL, trywriter, NULL);
		r = pts_join_long(t);
		if (r != EBUSY)
			PTS_FAILED("after %d of 3 unlocks another thread's trywrlock returned %ld, expected EBUSY",
				   i, r);
		if (writer_got(b.tid))
			PTS_FAILED("the writer got the lock with %d read locks still held",
				   3 - i);
	}
	if (writer_got(b.tid))
		PTS_FAILED("the writer got the lock with one read lock still held");
	if (pthread_rwlock_unlock(&rw))
		PTS_FAILED("the last unlock failed");
	pts_wait_flag(&got, "the writer to get the lock");
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&rw), EBUSY,
		       "main's tryrdlock while the writer holds it");
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (pts_join_long(b.t))
		PTS_FAILED("the writer's lock or unlock failed");
	PTS_PASSED("three read locks need three unlocks before a writer gets in");
}
