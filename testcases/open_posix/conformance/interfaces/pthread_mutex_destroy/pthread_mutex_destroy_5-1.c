// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_destroy(): "It shall be safe to destroy an initialized
 * mutex that is unlocked", with 0 returned. Mutexes that went through
 * the kernel are unlocked and destroyed: a PRIO_INHERIT mutex a waiter
 * got through FUTEX_LOCK_PI / FUTEX_UNLOCK_PI and released; a robust
 * one whose owner thread ended holding it (EOWNERDEAD to the next
 * locker, made consistent, unlocked). Each destroy returns 0, and the
 * memory initialised again as a plain NORMAL mutex works: its waiter
 * sleeps in a plain futex wait (no PI operation left over) and gets it.
 */
#include <pthread.h>
#include <linux/futex.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_mutex_t m;

static void *locker(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *die_holding(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	return NULL;
}

static void plain_after(const char *what)
{
	struct pts_blocked b;
	long op;

	if (pthread_mutex_init(&m, NULL))
		PTS_UNRES("pthread_mutex_init()");
	pthread_mutex_lock(&m);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = PTS_J19_FUTEX_CMD(pts_j19_futex_op(b.tid));
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("%s: the plain mutex's waiter failed", what);
	if (op != FUTEX_WAIT && op != FUTEX_WAIT_BITSET)
		PTS_FAILED("%s: the re-initialised mutex waits in op %ld", what, op);
	PTS_EXPECT_ERR(pthread_mutex_destroy(&m), 0, "destroy(plain)");
}

int main(void)
{
	pthread_mutexattr_t a;
	struct pts_blocked b;
	pthread_t t;
	long op;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init(PI)");
	pthread_mutex_lock(&m);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = PTS_J19_FUTEX_CMD(pts_j19_futex_op(b.tid));
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("the PI waiter failed");
	if (op != FUTEX_LOCK_PI && op != FUTEX_LOCK_PI2)
		PTS_UNRES("the PI waiter was in op %ld", op);
	PTS_EXPECT_ERR(pthread_mutex_destroy(&m), 0, "destroy(PI, unlocked)");
	plain_after("after PI");

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init(robust)");
	if (pthread_create(&t, NULL, die_holding, NULL) || pthread_join(t, NULL))
		PTS_UNRES("pthread_create()/join()");
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EOWNERDEAD, "lock after the owner died");
	PTS_EXPECT_ERR(pthread_mutex_consistent(&m), 0, "consistent()");
	pthread_mutex_unlock(&m);
	PTS_EXPECT_ERR(pthread_mutex_destroy(&m), 0, "destroy(robust, recovered)");
	plain_after("after robust");
	pthread_mutexattr_destroy(&a);
	PTS_PASSED("unlocked PI and recovered robust mutexes destroyed (0); the memory reused");
}
