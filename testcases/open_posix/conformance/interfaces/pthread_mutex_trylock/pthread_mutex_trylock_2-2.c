// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_trylock() on a robust mutex whose owning thread
 * terminated holding it (the process goes on): [EOWNERDEAD], "the mutex
 * lock shall be acquired by the calling thread": another thread's
 * trylock is then [EBUSY]; pthread_mutex_consistent() returns 0, the
 * unlock 0, and the mutex works again (trylock 0). Not marking it
 * consistent before the unlock leaves it permanently unusable
 * ([ENOTRECOVERABLE]). For a robust NORMAL and a robust PRIO_INHERIT
 * mutex; the owner ends with pthread_exit(), and by returning.
 */
#include <pthread.h>

#include "pts_mutex.h"

static pthread_mutex_t m;

static void *owner_exit(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	pthread_exit(NULL);
}

static void *owner_return(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_lock(&m);
}

static void init(int proto)
{
	pts_mutex_init_as(&m, PTHREAD_MUTEX_DEFAULT, proto, 1,
			  PTHREAD_PROCESS_PRIVATE);
}

static void run(int proto, void *(*owner)(void *), int consistent,
		const char *name)
{
	int err;
	long r;

	init(proto);
	if (pts_in_thread(owner, NULL))
		PTS_UNRES("%s: the owner's lock failed", name);
	err = pthread_mutex_trylock(&m);
	if (err != EOWNERDEAD)
		PTS_FAILED("%s: trylock after the owner died returned %s, expected EOWNERDEAD",
			   name, err ? strerrorname_np(err) : "0");
	r = pts_trylock_other(&m);
	if (r != EBUSY)
		PTS_FAILED("%s: after EOWNERDEAD another thread's trylock returned %ld, expected EBUSY",
			   name, r);
	if (consistent) {
		err = pthread_mutex_consistent(&m);
		if (err)
			PTS_FAILED("%s: pthread_mutex_consistent() returned %s",
				   name, strerrorname_np(err));
	}
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the new owner's unlock failed", name);
	err = pthread_mutex_trylock(&m);
	if (consistent && err)
		PTS_FAILED("%s: trylock of the recovered mutex returned %s",
			   name, strerrorname_np(err));
	if (!consistent && err != ENOTRECOVERABLE)
		PTS_FAILED("%s: trylock after an unlock without consistent() returned %s, expected ENOTRECOVERABLE",
			   name, err ? strerrorname_np(err) : "0");
	if (!err)
		pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);
	printf("%s: EOWNERDEAD and owned, then %s\n", name,
	       consistent ? "usable" : "ENOTRECOVERABLE");
}

int main(void)
{
	run(PTHREAD_PRIO_NONE, owner_exit, 1, "robust, pthread_exit()");
	run(PTHREAD_PRIO_NONE, owner_return, 1, "robust, return");
	run(PTHREAD_PRIO_INHERIT, owner_exit, 1, "robust PI, pthread_exit()");
	run(PTHREAD_PRIO_INHERIT, owner_return, 1, "robust PI, return");
	run(PTHREAD_PRIO_NONE, owner_exit, 0, "robust, not made consistent");
	run(PTHREAD_PRIO_INHERIT, owner_exit, 0, "robust PI, not made consistent");
	PTS_PASSED("trylock takes a dead thread's robust mutex with EOWNERDEAD");
}
