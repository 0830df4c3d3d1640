// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_gettype() gets the type attribute, whose "default
 * value ... is PTHREAD_MUTEX_DEFAULT"; NORMAL, ERRORCHECK, RECURSIVE and
 * DEFAULT read back as set (0). What a mutex made from the object does
 * follows the value read: for ERRORCHECK the owner's second lock is
 * EDEADLK at once, for RECURSIVE it is 0 and a second thread's lock
 * sleeps in the kernel until the second unlock, not the first.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_mutex_t m;
static volatile int got;

static void *locker(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	static const int types[] = { PTHREAD_MUTEX_NORMAL,
		PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_RECURSIVE,
		PTHREAD_MUTEX_DEFAULT };
	pthread_mutexattr_t a;
	struct pts_blocked b;
	unsigned int i;
	int v = -1;

	pthread_mutexattr_init(&a);
	PTS_EXPECT_ERR(pthread_mutexattr_gettype(&a, &v), 0, "gettype()");
	if (v != PTHREAD_MUTEX_DEFAULT)
		PTS_FAILED("default type %d", v);
	for (i = 0; i < 4; i++) {
		PTS_EXPECT_ERR(pthread_mutexattr_settype(&a, types[i]), 0,
			       "settype()");
		v = -1;
		PTS_EXPECT_ERR(pthread_mutexattr_gettype(&a, &v), 0, "gettype()");
		if (v != types[i])
			PTS_FAILED("type %d read back as %d", types[i], v);
	}

	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutexattr_gettype(&a, &v);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	if (v != PTHREAD_MUTEX_ERRORCHECK || pthread_mutex_lock(&m) != EDEADLK)
		PTS_FAILED("ERRORCHECK read (%d), but no EDEADLK on relock", v);
	pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);

	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutexattr_gettype(&a, &v);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	if (v != PTHREAD_MUTEX_RECURSIVE || pthread_mutex_lock(&m))
		PTS_FAILED("RECURSIVE read (%d), but the relock failed", v);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	pthread_mutex_unlock(&m);
	pts_wait_in_syscall(b.tid, SYS_futex);
	if (__atomic_load_n(&got, __ATOMIC_ACQUIRE))
		PTS_FAILED("RECURSIVE: the other thread got it after one of two unlocks");
	pthread_mutex_unlock(&m);
	if (pts_join_long(b.t) || !got)
		PTS_FAILED("RECURSIVE: the waiter did not get it after the last unlock");
	pthread_mutexattr_destroy(&a);
	PTS_PASSED("DEFAULT default, types read back and followed by the mutexes");
}
