// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlockattr_setpshared(): PTHREAD_PROCESS_SHARED is read back,
 * another value fails with [EINVAL] and keeps the setting. A
 * PROCESS_SHARED read-write lock in a MAP_SHARED mapping is shared by
 * parent and child: while the child holds a read lock the parent also
 * gets one (tryrdlock 0) but not the write lock (trywrlock [EBUSY]); the
 * child's wrlock sleeps while the parent reads and returns once the
 * parent's read lock is released.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_rwlock_t l;
	int reading, next, writing;
};

static struct shared *s;

static int child(void)
{
	if (pthread_rwlock_rdlock(&s->l))
		return PTS_FAIL;
	__atomic_store_n(&s->reading, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&s->next, "next");
	pthread_rwlock_unlock(&s->l);
	if (pthread_rwlock_wrlock(&s->l))
		return PTS_FAIL;
	__atomic_store_n(&s->writing, 1, __ATOMIC_RELEASE);
	pthread_rwlock_unlock(&s->l);
	return PTS_PASS;
}

int main(void)
{
	pthread_rwlockattr_t a;
	int v, err;
	pid_t pid;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_rwlockattr_init(&a);
	if (pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_FAILED("setpshared(SHARED) failed");
	pthread_rwlockattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("read back %d, expected SHARED", v);
	err = pthread_rwlockattr_setpshared(&a, 3);
	if (err != EINVAL)
		PTS_FAILED("setpshared(3) returned %d, expected EINVAL", err);
	pthread_rwlockattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("a refused value changed the setting to %d", v);
	pthread_rwlock_init(&s->l, &a);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		exit(child());
	pts_wait_flag(&s->reading, "the child's read lock");
	err = pthread_rwlock_trywrlock(&s->l);
	if (err != EBUSY)
		PTS_FAILED("trywrlock while the child reads returned %d, expected EBUSY",
			   err);
	err = pthread_rwlock_tryrdlock(&s->l);
	if (err)
		PTS_FAILED("tryrdlock while the child reads returned %d", err);
	s->next = 1;
	pts_wait_in_syscall(pid, SYS_futex);
	if (s->writing)
		PTS_FAILED("the child's write lock was granted during a read lock");
	pthread_rwlock_unlock(&s->l);
	pts_reap(pid, "child");
	if (!s->writing)
		PTS_FAILED("the child's writer never ran");
	PTS_PASSED("SHARED read back, EINVAL, one rwlock across processes");
}
