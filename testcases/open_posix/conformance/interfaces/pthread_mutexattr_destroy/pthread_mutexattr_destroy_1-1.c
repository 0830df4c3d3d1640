// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_destroy() "shall destroy a mutex attributes object"
 * (0 returned), and "A destroyed attr attributes object can be
 * reinitialized using pthread_mutexattr_init()": an object with every
 * attribute changed (ERRORCHECK, PRIO_INHERIT, SHARED, ROBUST) is
 * destroyed and initialised again, and reads the defaults (DEFAULT,
 * PRIO_NONE, PRIVATE, STALLED). The mutex made from it before the
 * destroy keeps what it was made with: its owner's relock is EDEADLK
 * and a second thread blocked on it sleeps in FUTEX_LOCK_PI(2), shared.
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

int main(void)
{
	pthread_mutexattr_t a;
	struct pts_blocked b;
	int type, proto, psh, rob;
	long op;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init()");
	PTS_EXPECT_ERR(pthread_mutexattr_destroy(&a), 0, "pthread_mutexattr_destroy()");
	PTS_EXPECT_ERR(pthread_mutexattr_init(&a), 0, "pthread_mutexattr_init() again");
	pthread_mutexattr_gettype(&a, &type);
	pthread_mutexattr_getprotocol(&a, &proto);
	pthread_mutexattr_getpshared(&a, &psh);
	pthread_mutexattr_getrobust(&a, &rob);
	if (type != PTHREAD_MUTEX_DEFAULT || proto != PTHREAD_PRIO_NONE ||
	    psh != PTHREAD_PROCESS_PRIVATE || rob != PTHREAD_MUTEX_STALLED)
		PTS_FAILED("re-initialised object reads type %d protocol %d pshared %d robust %d",
			   type, proto, psh, rob);
	PTS_EXPECT_ERR(pthread_mutexattr_destroy(&a), 0, "pthread_mutexattr_destroy()");

	pthread_mutex_lock(&m);
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EDEADLK, "the owner's relock");
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("the blocked locker's lock failed");
	if (op != FUTEX_LOCK_PI && op != FUTEX_LOCK_PI2)
		PTS_FAILED("the waiter sleeps in futex op %#lx, not a shared PI lock", op);
	PTS_PASSED("destroy 0, re-initialised to the defaults; the mutex kept its attributes");
}
