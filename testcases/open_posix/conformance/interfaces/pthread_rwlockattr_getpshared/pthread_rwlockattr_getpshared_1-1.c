// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlockattr_getpshared() "shall obtain the value of the
 * process-shared attribute": PTHREAD_PROCESS_PRIVATE by default,
 * PTHREAD_PROCESS_SHARED once set (0), an invalid value EINVAL with the
 * value read kept. A read-write lock made from the object follows what
 * was read: a writer blocked behind a reader sleeps in a futex with
 * FUTEX_PRIVATE_FLAG for PRIVATE and without it for SHARED, where a
 * forked child's trywrlock of the parent's read-locked lock in
 * MAP_SHARED memory is EBUSY and its tryrdlock 0.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_rwlock_t *l;

static void *writer(void *arg)
{
	(void)arg;
	if (pthread_rwlock_wrlock(l))
		return (void *)1L;
	pthread_rwlock_unlock(l);
	return NULL;
}

static long writer_op(pthread_rwlockattr_t *a)
{
	struct pts_blocked b;
	long op;

	if (pthread_rwlock_init(l, a))
		PTS_UNRES("pthread_rwlock_init()");
	pthread_rwlock_rdlock(l);
	pts_start_blocked(&b, writer, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_rwlock_unlock(l);
	if (pts_join_long(b.t))
		PTS_FAILED("the blocked writer failed");
	return op;
}

int main(void)
{
	pthread_rwlockattr_t a;
	int v = -1, st;
	long op;
	pid_t pid;

	l = pts_j19_shared(sizeof(*l));
	pthread_rwlockattr_init(&a);
	PTS_EXPECT_ERR(pthread_rwlockattr_getpshared(&a, &v), 0, "getpshared()");
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", v);
	op = writer_op(&a);
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("PRIVATE read, the writer's futex op %#lx is shared", op);
	pthread_rwlock_destroy(l);

	PTS_EXPECT_ERR(pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED),
		       0, "setpshared(SHARED)");
	PTS_EXPECT_ERR(pthread_rwlockattr_setpshared(&a, 2), EINVAL,
		       "setpshared(2)");
	pthread_rwlockattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("SHARED read back as %d", v);
	op = writer_op(&a);
	if (op & PTS_J19_FUTEX_PRIVATE)
		PTS_FAILED("SHARED read, the writer's futex op %#lx is private", op);

	pthread_rwlock_rdlock(l);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		if (pthread_rwlock_trywrlock(l) != EBUSY)
			_exit(1);
		if (pthread_rwlock_tryrdlock(l))
			_exit(2);
		pthread_rwlock_unlock(l);
		_exit(0);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child saw the SHARED read lock wrongly (%d)",
			   WEXITSTATUS(st));
	pthread_rwlock_unlock(l);
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(l), 0, "trywrlock after all unlocks");
	pthread_rwlock_unlock(l);
	pthread_rwlockattr_destroy(&a);
	PTS_PASSED("PRIVATE default, SHARED read back; futex flags and fork follow");
}
