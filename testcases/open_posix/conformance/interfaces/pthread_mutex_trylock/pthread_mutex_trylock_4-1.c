// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_trylock(): "equivalent to pthread_mutex_lock(), except
 * that if the mutex object referenced by mutex is currently locked (by
 * any thread, including the current thread), the call shall return
 * immediately"; [EBUSY] "could not be acquired because it was already
 * locked". The recursive type is the one exception (its count goes up,
 * checked by pthread_mutex_trylock_3-1). Here the owner's own trylock
 * returns EBUSY for NORMAL, DEFAULT and ERRORCHECK mutexes, each also
 * with PTHREAD_PRIO_INHERIT and as robust: never 0 (a second
 * acquisition). glibc's PI and robust code paths return EDEADLK
 * instead for an ERRORCHECK mutex the caller owns (its plain path
 * returns EBUSY): that is reported as a known issue, once every other
 * case has passed. The mutex stays held by the owner
 * afterwards: another thread's trylock gets EBUSY, and the owner's
 * single unlock frees it (an ERRORCHECK one reports no EPERM).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static int edeadlk;

static void *other(void *arg)
{
	int e;

	(void)arg;
	e = pthread_mutex_trylock(&m);
	if (!e && pthread_mutex_unlock(&m))
		e = -1;
	return (void *)(long)e;
}

static const char *tname(int t)
{
	return t == PTHREAD_MUTEX_NORMAL ? "NORMAL" :
	       t == PTHREAD_MUTEX_ERRORCHECK ? "ERRORCHECK" : "DEFAULT";
}

static void one(int type, int pi, int robust)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *r;
	int e;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_settype(&a, type) ||
	    (pi && pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT)) ||
	    (robust && pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST)))
		PTS_UNRES("mutex attributes");
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init()");
	pthread_mutexattr_destroy(&a);
	e = pthread_mutex_lock(&m);
	if (e)
		PTS_UNRES("lock %s pi %d robust %d: %s", tname(type), pi, robust,
			  strerror(e));
	e = pthread_mutex_trylock(&m);
	printf("%s pi %d robust %d: owner's trylock %s\n", tname(type), pi,
	       robust, e ? strerrorname_np(e) : "0");
	if (e == EDEADLK && type == PTHREAD_MUTEX_ERRORCHECK && (pi || robust))
		edeadlk++;	/* glibc's PI and robust paths: a known issue */
	else if (e != EBUSY)
		PTS_FAILED("%s pi %d robust %d: the owner's trylock returned %d, expected EBUSY",
			   tname(type), pi, robust, e);
	pthread_create(&t, NULL, other, NULL);
	pthread_join(t, &r);
	if ((long)r != EBUSY)
		PTS_FAILED("%s pi %d robust %d: another thread's trylock %ld after the owner's EBUSY",
			   tname(type), pi, robust, (long)r);
	e = pthread_mutex_unlock(&m);
	if (e)
		PTS_FAILED("%s pi %d robust %d: unlock after EBUSY: %s", tname(type),
			   pi, robust, strerror(e));
	pthread_create(&t, NULL, other, NULL);
	pthread_join(t, &r);
	if ((long)r != 0)
		PTS_FAILED("%s pi %d robust %d: still held after one unlock (%ld)",
			   tname(type), pi, robust, (long)r);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	int types[] = { PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_DEFAULT,
			PTHREAD_MUTEX_ERRORCHECK };
	unsigned int i;

	for (i = 0; i < 3; i++) {
		one(types[i], 0, 0);
		one(types[i], 1, 0);
		one(types[i], 0, 1);
	}
	if (edeadlk)
		PTS_KNOWN_ISSUE("pthread_mutex_trylock EBUSY",
				"the owner's trylock of a PI or robust ERRORCHECK mutex returned EDEADLK (%d cases), EBUSY for the others; the mutex stayed held once",
				edeadlk);
	PTS_PASSED("the owner's trylock is EBUSY for every non-recursive type, the mutex still held once");
}
