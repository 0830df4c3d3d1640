// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_getpshared() "shall obtain the value of the
 * process-shared attribute": PTHREAD_PROCESS_PRIVATE by default,
 * PTHREAD_PROCESS_SHARED once set (0 returned), an invalid value EINVAL
 * with the value read kept. The value read is what the mutex made from
 * the object uses in the kernel: a waiter on a PRIVATE mutex sleeps in
 * a futex with FUTEX_PRIVATE_FLAG, on a SHARED one without it (a futex
 * keyed by the page, which another process mapping it finds); and a
 * SHARED mutex in MAP_SHARED memory held by the parent keeps a forked
 * child's trylock out (EBUSY).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_mutex_t *m;

static void *locker(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(m))
		return (void *)1L;
	pthread_mutex_unlock(m);
	return NULL;
}

static long blocked_flags(pthread_mutexattr_t *a)
{
	struct pts_blocked b;
	long op;

	if (pthread_mutex_init(m, a))
		PTS_UNRES("pthread_mutex_init()");
	pthread_mutex_lock(m);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_mutex_unlock(m);
	if (pts_join_long(b.t))
		PTS_FAILED("the blocked locker's lock failed");
	return op;
}

int main(void)
{
	pthread_mutexattr_t a;
	int v = -1, st;
	long op;
	pid_t pid;

	m = pts_j19_shared(sizeof(*m));
	pthread_mutexattr_init(&a);
	PTS_EXPECT_ERR(pthread_mutexattr_getpshared(&a, &v), 0, "getpshared()");
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", v);
	op = blocked_flags(&a);
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("PRIVATE read, the waiter's futex op %#lx is shared", op);
	pthread_mutex_destroy(m);

	PTS_EXPECT_ERR(pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED),
		       0, "setpshared(SHARED)");
	PTS_EXPECT_ERR(pthread_mutexattr_setpshared(&a, 5), EINVAL,
		       "setpshared(5)");
	pthread_mutexattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("SHARED read back as %d", v);
	op = blocked_flags(&a);
	if (op & PTS_J19_FUTEX_PRIVATE)
		PTS_FAILED("SHARED read, the waiter's futex op %#lx is private", op);
	pthread_mutex_lock(m);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(pthread_mutex_trylock(m) == EBUSY ? 0 : 1);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child's trylock of the held SHARED mutex was not EBUSY");
	pthread_mutex_unlock(m);
	pthread_mutexattr_destroy(&a);
	PTS_PASSED("PRIVATE default, SHARED read back; the futex flags follow");
}
