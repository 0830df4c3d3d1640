// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_getprotocol() "shall get the protocol attribute of
 * a mutex attributes object": PTHREAD_PRIO_NONE, PTHREAD_PRIO_INHERIT
 * and PTHREAD_PRIO_PROTECT each read back as set (0), an invalid value
 * is EINVAL and leaves the value read. A mutex made from the object
 * follows what was read, as the kernel sees it: a thread blocked on a
 * PRIO_INHERIT mutex sleeps in FUTEX_LOCK_PI (or FUTEX_LOCK_PI2), on a
 * PRIO_NONE one in a plain futex wait, never a PI operation.
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

static long blocked_op(pthread_mutexattr_t *a)
{
	struct pts_blocked b;
	long op;

	if (pthread_mutex_init(&m, a))
		PTS_UNRES("pthread_mutex_init()");
	pthread_mutex_lock(&m);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	op = PTS_J19_FUTEX_CMD(pts_j19_futex_op(b.tid));
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t))
		PTS_FAILED("the blocked locker's lock failed");
	pthread_mutex_destroy(&m);
	return op;
}

int main(void)
{
	static const int protos[] = { PTHREAD_PRIO_NONE, PTHREAD_PRIO_INHERIT,
				      PTHREAD_PRIO_PROTECT };
	pthread_mutexattr_t a;
	unsigned int i;
	int v = -1;
	long op;

	pthread_mutexattr_init(&a);
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERR(pthread_mutexattr_setprotocol(&a, protos[i]), 0,
			       "pthread_mutexattr_setprotocol()");
		v = -1;
		PTS_EXPECT_ERR(pthread_mutexattr_getprotocol(&a, &v), 0,
			       "pthread_mutexattr_getprotocol()");
		if (v != protos[i])
			PTS_FAILED("protocol %d read back as %d", protos[i], v);
	}
	PTS_EXPECT_ERR(pthread_mutexattr_setprotocol(&a, 99), EINVAL,
		       "setprotocol(99)");
	pthread_mutexattr_getprotocol(&a, &v);
	if (v != PTHREAD_PRIO_PROTECT)
		PTS_FAILED("the EINVAL call changed the protocol to %d", v);

	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	pthread_mutexattr_getprotocol(&a, &v);
	op = blocked_op(&a);
	printf("PRIO_INHERIT: waiter in futex op %ld\n", op);
	if (v != PTHREAD_PRIO_INHERIT ||
	    (op != FUTEX_LOCK_PI && op != FUTEX_LOCK_PI2))
		PTS_FAILED("PRIO_INHERIT read (%d) but the waiter is in op %ld",
			   v, op);
	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_NONE);
	pthread_mutexattr_getprotocol(&a, &v);
	op = blocked_op(&a);
	printf("PRIO_NONE: waiter in futex op %ld\n", op);
	if (v != PTHREAD_PRIO_NONE ||
	    (op != FUTEX_WAIT && op != FUTEX_WAIT_BITSET))
		PTS_FAILED("PRIO_NONE read (%d) but the waiter is in op %ld",
			   v, op);
	pthread_mutexattr_destroy(&a);
	PTS_PASSED("protocols read back; the kernel waits as the protocol read says");
}
