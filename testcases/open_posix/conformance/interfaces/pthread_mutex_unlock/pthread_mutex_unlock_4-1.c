// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_unlock() shall fail with [EPERM] when "the mutex type is
 * PTHREAD_MUTEX_ERRORCHECK or PTHREAD_MUTEX_RECURSIVE, or the mutex is a
 * robust mutex, and the current thread does not own the mutex". For a
 * robust NORMAL mutex, a robust PRIO_INHERIT mutex (the kernel's PI
 * futex) and an ERRORCHECK PRIO_INHERIT one: unlocked by a thread that
 * does not own it, and unlocked while nobody holds it, [EPERM]. The
 * refused unlock leaves the mutex held: another thread's trylock is
 * still [EBUSY], and the owner's own unlock then returns 0.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_mutex_t m;

static void *stranger_unlock(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

static void *stranger_trylock(void *arg)
{
	int err = pthread_mutex_trylock(&m);

	(void)arg;
	if (!err)
		pthread_mutex_unlock(&m);
	return (void *)(long)err;
}

static long in_thread(void *(*fn)(void *))
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, NULL))
		PTS_UNRES("pthread_create()");
	return pts_join_long(t);
}

static void run(int robust, int proto, int type, const char *name)
{
	pthread_mutexattr_t a;
	long r;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	if (robust && pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST))
		PTS_UNSUPP("robust mutexes not supported");
	if (proto != PTHREAD_PRIO_NONE &&
	    pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init(%s)", name);
	pthread_mutexattr_destroy(&a);

	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), EPERM,
		       "unlock of an unlocked mutex");
	if (pthread_mutex_lock(&m))
		PTS_UNRES("lock(%s)", name);
	r = in_thread(stranger_unlock);
	if (r != EPERM)
		PTS_FAILED("%s: non-owner unlock returned %ld, expected EPERM",
			   name, r);
	r = in_thread(stranger_trylock);
	if (r != EBUSY)
		PTS_FAILED("%s: after the refused unlock another thread's trylock returned %ld, expected EBUSY",
			   name, r);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the owner's unlock failed", name);
	r = in_thread(stranger_trylock);
	if (r)
		PTS_FAILED("%s: trylock after the owner's unlock returned %ld",
			   name, r);
	pthread_mutex_destroy(&m);
	printf("%s: EPERM for a non-owner and when unlocked, still held\n",
	       name);
}

int main(void)
{
	run(1, PTHREAD_PRIO_NONE, PTHREAD_MUTEX_NORMAL, "robust NORMAL");
	run(1, PTHREAD_PRIO_INHERIT, PTHREAD_MUTEX_NORMAL, "robust PI");
	run(0, PTHREAD_PRIO_INHERIT, PTHREAD_MUTEX_ERRORCHECK, "PI ERRORCHECK");
	run(1, PTHREAD_PRIO_NONE, PTHREAD_MUTEX_RECURSIVE, "robust RECURSIVE");
	PTS_PASSED("EPERM for unlocks by a non-owner; the mutex stays held");
}
