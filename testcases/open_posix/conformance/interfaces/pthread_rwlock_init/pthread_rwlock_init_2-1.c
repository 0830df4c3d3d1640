// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_init(): "If attr is NULL, the default read-write lock
 * attributes shall be used; the effect is the same as passing the
 * address of a default read-write lock attributes object." A lock from
 * pthread_rwlock_init(NULL) and one from a freshly initialised
 * attributes object (both over 0xff bytes, both returning 0) behave
 * alike: two readers share it (trywrlock EBUSY), a writer behind the
 * readers sleeps in the kernel with the same futex operation for both
 * (private), and owns the lock after the last read unlock (tryrdlock
 * EBUSY).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_rwlock_t la, lb, *cur;
static volatile int wrote, release;

static void *writer(void *arg)
{
	(void)arg;
	if (pthread_rwlock_wrlock(cur))
		return (void *)1L;
	__atomic_store_n(&wrote, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's word");
	pthread_rwlock_unlock(cur);
	return NULL;
}

static long check(pthread_rwlock_t *l, const char *what)
{
	struct pts_blocked b;
	long op;

	cur = l;
	wrote = release = 0;
	if (pthread_rwlock_rdlock(l) || pthread_rwlock_rdlock(l))
		PTS_FAILED("%s: two read locks not granted", what);
	if (pthread_rwlock_trywrlock(l) != EBUSY)
		PTS_FAILED("%s: trywrlock not EBUSY while read-locked", what);
	pts_start_blocked(&b, writer, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_rwlock_unlock(l);
	pts_wait_in_syscall(b.tid, SYS_futex);
	if (__atomic_load_n(&wrote, __ATOMIC_ACQUIRE))
		PTS_FAILED("%s: the writer got in with a read lock held", what);
	pthread_rwlock_unlock(l);
	pts_wait_flag(&wrote, "the writer to own the lock");
	if (pthread_rwlock_tryrdlock(l) != EBUSY)
		PTS_FAILED("%s: tryrdlock not EBUSY while the writer owns it", what);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (pts_join_long(b.t))
		PTS_FAILED("%s: the writer failed", what);
	printf("%s: writer in futex op %#lx\n", what, op);
	return op;
}

int main(void)
{
	pthread_rwlockattr_t a;
	long oa, ob;

	memset(&la, 0xff, sizeof(la));
	memset(&lb, 0xff, sizeof(lb));
	PTS_EXPECT_ERR(pthread_rwlock_init(&la, NULL), 0, "init(NULL)");
	pthread_rwlockattr_init(&a);
	PTS_EXPECT_ERR(pthread_rwlock_init(&lb, &a), 0, "init(default attr)");
	pthread_rwlockattr_destroy(&a);
	oa = check(&la, "init(NULL)");
	ob = check(&lb, "init(default attr)");
	if (oa != ob)
		PTS_FAILED("the two writers wait in different futex operations");
	if (!(oa & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("the default lock's futex is not private");
	PTS_PASSED("init(NULL) behaves as init with a default attributes object");
}
