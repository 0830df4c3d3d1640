// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_settype(): PTHREAD_MUTEX_ERRORCHECK "provides
 * error checking": the owner's relock returns an error (EDEADLK), an
 * unlock by a thread that does not own it returns an error (EPERM), and
 * so does an unlock of an unlocked mutex (EPERM). Checked for the
 * ERRORCHECK type on every path the kernel takes part in: plain,
 * PRIO_INHERIT (the lock word handled by FUTEX_LOCK_PI), robust,
 * robust PRIO_INHERIT and PROCESS_SHARED; after the errors each mutex is
 * still held once (another thread's trylock EBUSY), one unlock frees it
 * (another thread's trylock 0).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *other_unlock(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

static void *other_try(void *arg)
{
	long e;

	(void)arg;
	e = pthread_mutex_trylock(&m);
	if (!e)
		pthread_mutex_unlock(&m);
	return (void *)e;
}

static long in_thread(void *(*fn)(void *))
{
	pthread_t t;
	void *r;

	if (pthread_create(&t, NULL, fn, NULL) || pthread_join(t, &r))
		PTS_UNRES("pthread_create()/join()");
	return (long)r;
}

static void check(int proto, int robust, int pshared, const char *what)
{
	pthread_mutexattr_t a;
	int e;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutexattr_setprotocol(&a, proto);
	pthread_mutexattr_setrobust(&a, robust);
	pthread_mutexattr_setpshared(&a, pshared);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("%s: pthread_mutex_init()", what);
	pthread_mutexattr_destroy(&a);
	e = pthread_mutex_unlock(&m);
	if (e != EPERM)
		PTS_FAILED("%s: unlock of the unlocked mutex returned %d", what, e);
	if (pthread_mutex_lock(&m))
		PTS_UNRES("%s: lock", what);
	e = pthread_mutex_lock(&m);
	if (e != EDEADLK)
		PTS_FAILED("%s: the owner's relock returned %d", what, e);
	e = in_thread(other_unlock);
	if (e != EPERM)
		PTS_FAILED("%s: a non-owner's unlock returned %d", what, e);
	if (in_thread(other_try) != EBUSY)
		PTS_FAILED("%s: not held (once) after the errors", what);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the owner's unlock failed", what);
	if (in_thread(other_try))
		PTS_FAILED("%s: not free after one unlock", what);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	check(PTHREAD_PRIO_NONE, PTHREAD_MUTEX_STALLED, PTHREAD_PROCESS_PRIVATE, "plain");
	check(PTHREAD_PRIO_INHERIT, PTHREAD_MUTEX_STALLED, PTHREAD_PROCESS_PRIVATE, "PI");
	check(PTHREAD_PRIO_NONE, PTHREAD_MUTEX_ROBUST, PTHREAD_PROCESS_PRIVATE, "robust");
	check(PTHREAD_PRIO_INHERIT, PTHREAD_MUTEX_ROBUST, PTHREAD_PROCESS_PRIVATE, "robust PI");
	check(PTHREAD_PRIO_NONE, PTHREAD_MUTEX_STALLED, PTHREAD_PROCESS_SHARED, "shared");
	PTS_PASSED("ERRORCHECK: EDEADLK relock, EPERM unlocks, held once; plain, PI, robust, shared");
}
