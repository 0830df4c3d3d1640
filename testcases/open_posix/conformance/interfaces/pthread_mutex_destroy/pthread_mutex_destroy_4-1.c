// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_destroy() "may fail" with [EBUSY] when "the
 * implementation has detected an attempt to destroy the object ... while
 * it is locked or referenced". glibc detects a held mutex (of the
 * non-robust kinds: NORMAL, ERRORCHECK, RECURSIVE, and PRIO_INHERIT):
 * [EBUSY], and the refused call leaves the mutex as it was, held by its
 * owner (another thread's trylock [EBUSY]), and it goes on working: the
 * unlock returns 0 and a destroy then 0. A held mutex is also refused
 * while another thread sleeps in the kernel waiting for it, and that
 * waiter later gets it.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_mutex_t m;

static void *trylocker(void *arg)
{
	int err = pthread_mutex_trylock(&m);

	(void)arg;
	if (!err)
		pthread_mutex_unlock(&m);
	return (void *)(long)err;
}

static void *locker(void *arg)
{
	int err = pthread_mutex_lock(&m);

	(void)arg;
	if (!err)
		err = pthread_mutex_unlock(&m);
	return (void *)(long)err;
}

static void run(int type, int proto, const char *name)
{
	struct pts_blocked b;
	pthread_mutexattr_t a;
	pthread_t t;
	int err;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);

	pthread_mutex_lock(&m);
	err = pthread_mutex_destroy(&m);
	if (err != EBUSY)
		PTS_FAILED("%s: destroy of a held mutex returned %s, expected EBUSY",
			   name, err ? strerrorname_np(err) : "0");
	pthread_create(&t, NULL, trylocker, NULL);
	if (pts_join_long(t) != EBUSY)
		PTS_FAILED("%s: the refused destroy released the mutex", name);
	pts_start_blocked(&b, locker, NULL, SYS_futex);
	err = pthread_mutex_destroy(&m);
	if (err != EBUSY)
		PTS_FAILED("%s: destroy with a waiter returned %s, expected EBUSY",
			   name, err ? strerrorname_np(err) : "0");
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the owner's unlock after the refused destroy failed",
			   name);
	if (pts_join_long(b.t))
		PTS_FAILED("%s: the waiter did not get the mutex", name);
	err = pthread_mutex_destroy(&m);
	if (err)
		PTS_FAILED("%s: destroy of the unlocked mutex returned %s", name,
			   strerrorname_np(err));
	printf("%s: EBUSY while held, mutex unchanged\n", name);
}

int main(void)
{
	run(PTHREAD_MUTEX_NORMAL, PTHREAD_PRIO_NONE, "NORMAL");
	run(PTHREAD_MUTEX_ERRORCHECK, PTHREAD_PRIO_NONE, "ERRORCHECK");
	run(PTHREAD_MUTEX_RECURSIVE, PTHREAD_PRIO_NONE, "RECURSIVE");
	run(PTHREAD_MUTEX_NORMAL, PTHREAD_PRIO_INHERIT, "PI NORMAL");
	PTS_PASSED("destroy of a held mutex EBUSY, the mutex unaffected");
}
