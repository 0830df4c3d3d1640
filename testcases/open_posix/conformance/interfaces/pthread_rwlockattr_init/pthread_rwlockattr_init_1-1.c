// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlockattr_init() "shall initialize a read-write lock
 * attributes object attr with the default value for all of the
 * attributes" and returns 0: over 0xff bytes it reads pshared
 * PTHREAD_PROCESS_PRIVATE (glibc's kind is printed). A lock made from
 * it works: two read locks at once (trywrlock EBUSY), and a writer
 * blocked behind them sleeps in a private futex until the second read
 * unlock, then owns the lock (tryrdlock EBUSY).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_rwlock_t l;
static volatile int wrote;

static void *writer(void *arg)
{
	(void)arg;
	if (pthread_rwlock_wrlock(&l))
		return (void *)1L;
	__atomic_store_n(&wrote, 1, __ATOMIC_RELEASE);
	if (pthread_rwlock_tryrdlock(&l) != EBUSY)
		return (void *)2L;
	pthread_rwlock_unlock(&l);
	return NULL;
}

static void *reader(void *arg)
{
	(void)arg;
	if (pthread_rwlock_tryrdlock(&l))
		return (void *)1L;
	return NULL;	/* holds the read lock on */
}

int main(void)
{
	pthread_rwlockattr_t a;
	struct pts_blocked b;
	pthread_t t;
	int v = -1, kind = -1;
	long op;
	void *r;

	memset(&a, 0xff, sizeof(a));
	PTS_EXPECT_ERR(pthread_rwlockattr_init(&a), 0, "pthread_rwlockattr_init()");
	PTS_EXPECT_ERR(pthread_rwlockattr_getpshared(&a, &v), 0, "getpshared()");
	pthread_rwlockattr_getkind_np(&a, &kind);
	printf("pshared %d, kind %d\n", v, kind);
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", v);
	if (pthread_rwlock_init(&l, &a))
		PTS_UNRES("pthread_rwlock_init()");
	PTS_EXPECT_ERR(pthread_rwlock_rdlock(&l), 0, "rdlock()");
	if (pthread_create(&t, NULL, reader, NULL) || pthread_join(t, &r) || r)
		PTS_FAILED("a second reader could not share the lock");
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&l), EBUSY, "trywrlock while read");
	pts_start_blocked(&b, writer, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("the writer's futex op %#lx is not private", op);
	pthread_rwlock_unlock(&l);	/* the reader thread's lock */
	pts_wait_in_syscall(b.tid, SYS_futex);
	if (__atomic_load_n(&wrote, __ATOMIC_ACQUIRE))
		PTS_FAILED("the writer got in with a read lock still held");
	pthread_rwlock_unlock(&l);
	if (pts_join_long(b.t) || !wrote)
		PTS_FAILED("the writer did not own the lock after the last unlock");
	pthread_rwlockattr_destroy(&a);
	PTS_PASSED("PRIVATE default; the lock shares reads and holds the writer off");
}
