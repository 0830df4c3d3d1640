// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_init() "shall initialize a mutex attributes object
 * attr with the default value for all of the attributes defined by the
 * implementation" and returns 0. Initialised over 0xff bytes, the
 * object reads type PTHREAD_MUTEX_DEFAULT, protocol PTHREAD_PRIO_NONE,
 * pshared PTHREAD_PROCESS_PRIVATE and robust PTHREAD_MUTEX_STALLED (the
 * defaults POSIX gives); the prioceiling (no default in POSIX) is
 * printed. A mutex made from it is a plain private one: a blocked
 * locker sleeps in a futex wait with FUTEX_PRIVATE_FLAG and gets the
 * mutex at the unlock.
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
	int type, proto, psh, rob, ceil = -1;
	long op;

	memset(&a, 0xff, sizeof(a));
	PTS_EXPECT_ERR(pthread_mutexattr_init(&a), 0, "pthread_mutexattr_init()");
	if (pthread_mutexattr_gettype(&a, &type) ||
	    pthread_mutexattr_getprotocol(&a, &proto) ||
	    pthread_mutexattr_getpshared(&a, &psh) ||
	    pthread_mutexattr_getrobust(&a, &rob))
		PTS_FAILED("a getter failed on an initialised object");
	pthread_mutexattr_getprioceiling(&a, &ceil);
	printf("type %d protocol %d pshared %d robust %d prioceiling %d\n",
	       type, proto, psh, rob, ceil);
	if (type != PTHREAD_MUTEX_DEFAULT)
		PTS_FAILED("default type %d", type);
	if (proto != PTHREAD_PRIO_NONE)
		PTS_FAILED("default protocol %d", proto);
	if (psh != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", psh);
	if (rob != PTHREAD_MUTEX_STALLED)
		PTS_FAILED("default robust %d", rob);

	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init()");
	pthread_mutex_lock(&m);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("the blocked locker's lock failed");
	if (op != FUTEX_WAIT_PRIVATE && op != FUTEX_WAIT_BITSET_PRIVATE)
		PTS_FAILED("the waiter sleeps in futex op %#lx, not a private wait", op);
	pthread_mutexattr_destroy(&a);
	PTS_PASSED("DEFAULT, PRIO_NONE, PRIVATE, STALLED; a private plain futex wait");
}
