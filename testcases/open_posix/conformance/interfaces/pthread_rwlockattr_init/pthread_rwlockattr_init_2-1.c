// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlockattr_init(): "After a read-write lock attributes object
 * has been used to initialize one or more read-write locks, any
 * function affecting the attributes object (including destruction)
 * shall not affect any previously initialized read-write locks". A
 * lock made PROCESS_SHARED in MAP_SHARED memory, its object then set to
 * PRIVATE and destroyed, still works across fork(): a child's wrlock
 * sleeps in a shared futex while the parent holds a read lock and gets
 * the lock at the parent's unlock; the parent's tryrdlock is EBUSY
 * while the child writes.
 */
#include <pthread.h>

#include "pts_j19.h"

struct sh {
	pthread_rwlock_t l;
	int held, release;
};

int main(void)
{
	pthread_rwlockattr_t a;
	struct sh *s;
	int st;
	long op;
	pid_t pid;

	s = pts_j19_shared(sizeof(*s));
	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_rwlock_init(&s->l, &a))
		PTS_UNRES("pthread_rwlock_init()");
	pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_PRIVATE);
	PTS_EXPECT_ERR(pthread_rwlockattr_destroy(&a), 0, "destroy()");

	pthread_rwlock_rdlock(&s->l);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	pts_j19_kill_at_exit(pid);
	if (!pid) {
		if (pthread_rwlock_wrlock(&s->l))
			_exit(1);
		__atomic_store_n(&s->held, 1, __ATOMIC_RELEASE);
		pts_wait_flag(&s->release, "the parent's word");
		pthread_rwlock_unlock(&s->l);
		_exit(0);
	}
	op = pts_j19_futex_op(pid);
	if (op & PTS_J19_FUTEX_PRIVATE)
		PTS_FAILED("the child's writer sleeps in a private futex (%#lx)", op);
	if (__atomic_load_n(&s->held, __ATOMIC_ACQUIRE))
		PTS_FAILED("the child wrote under the parent's read lock");
	pthread_rwlock_unlock(&s->l);
	pts_wait_flag(&s->held, "the child's write lock");
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&s->l), EBUSY,
		       "tryrdlock while the child writes");
	__atomic_store_n(&s->release, 1, __ATOMIC_RELEASE);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the child's wrlock failed");
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&s->l), 0, "trywrlock at the end");
	PTS_PASSED("the SHARED lock works across fork after its object changed and was destroyed");
}
