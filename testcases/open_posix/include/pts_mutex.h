/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mutex tests look at a mutex from a second thread: whether that thread
 * can take it says who holds it, which the owner's own calls cannot
 * show. pts_in_thread() runs a function in a new thread and hands back
 * its value; pts_trylock_other() is the second thread's trylock (the
 * mutex given back at once when it was taken); pts_mutex_init_as()
 * builds a mutex of one type, protocol, robustness and sharing.
 */
#ifndef PTS_MUTEX_H
#define PTS_MUTEX_H

#include <pthread.h>

#include "pts_blocked.h"

/* fn(arg) in a new thread, joined; its value as a long */
static inline long pts_in_thread(void *(*fn)(void *), void *arg)
{
	pthread_t t;
	int err = pthread_create(&t, NULL, fn, arg);

	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	return pts_join_long(t);
}

static void *pts_trylock_fn_(void *m)
{
	int err = pthread_mutex_trylock(m);

	if (!err)
		pthread_mutex_unlock(m);
	return (void *)(long)err;
}

/* another thread's pthread_mutex_trylock(m): 0 (given back) or its error */
static inline long pts_trylock_other(pthread_mutex_t *m)
{
	return pts_in_thread(pts_trylock_fn_, m);
}

/*
 * Initialise m as a mutex of type, protocol proto, robust or not, and
 * pshared; an attribute the implementation refuses is UNSUPPORTED.
 */
static inline void pts_mutex_init_as(pthread_mutex_t *m, int type, int proto,
				     int robust, int pshared)
{
	pthread_mutexattr_t a;
	int err;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_settype(&a, type))
		PTS_UNSUPP("mutex type %d", type);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("mutex protocol %d", proto);
	if (robust && pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST))
		PTS_UNSUPP("robust mutexes");
	if (pthread_mutexattr_setpshared(&a, pshared))
		PTS_UNSUPP("process-shared mutexes");
	err = pthread_mutex_init(m, &a);
	if (err)
		PTS_UNRES("pthread_mutex_init(): %s", strerror(err));
	pthread_mutexattr_destroy(&a);
}

#endif /* PTS_MUTEX_H */
