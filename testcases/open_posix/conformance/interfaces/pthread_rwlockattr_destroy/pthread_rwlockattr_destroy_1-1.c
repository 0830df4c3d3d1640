// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlockattr_destroy() "shall destroy a read-write lock
 * attributes object" (0 returned) and "A destroyed attr attributes
 * object can be reinitialized using pthread_rwlockattr_init()": set to
 * SHARED and destroyed, it reads PRIVATE once initialised again, and a
 * lock made from the re-initialised object is a private one (a writer
 * blocked behind a reader sleeps with FUTEX_PRIVATE_FLAG, gets the
 * lock at the unlock).
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_rwlock_t l;

static void *writer(void *arg)
{
	(void)arg;
	if (pthread_rwlock_wrlock(&l))
		return (void *)1L;
	pthread_rwlock_unlock(&l);
	return NULL;
}

int main(void)
{
	pthread_rwlockattr_t a;
	struct pts_blocked b;
	int v = -1;
	long op;

	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	PTS_EXPECT_ERR(pthread_rwlockattr_destroy(&a), 0, "destroy()");
	PTS_EXPECT_ERR(pthread_rwlockattr_init(&a), 0, "init() again");
	pthread_rwlockattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("re-initialised object reads pshared %d", v);
	if (pthread_rwlock_init(&l, &a))
		PTS_UNRES("pthread_rwlock_init()");
	PTS_EXPECT_ERR(pthread_rwlockattr_destroy(&a), 0, "destroy()");
	pthread_rwlock_rdlock(&l);
	pts_start_blocked(&b, writer, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_rwlock_unlock(&l);
	if (pts_join_long(b.t))
		PTS_FAILED("the blocked writer failed");
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("the writer's futex op %#lx is not private", op);
	PTS_PASSED("destroy 0; re-initialised object PRIVATE, its lock private");
}
