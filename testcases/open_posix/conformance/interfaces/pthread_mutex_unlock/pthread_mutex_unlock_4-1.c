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

#include "pts_mutex.h"

static pthread_mutex_t m;

static void *stranger_unlock(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

static void run(int robust, int proto, int type, const char *name)
{
	long r;

	pts_mutex_init_as(&m, type, proto, robust, PTHREAD_PROCESS_PRIVATE);
	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), EPERM,
		       "unlock of an unlocked mutex");
	if (pthread_mutex_lock(&m))
		PTS_UNRES("lock(%s)", name);
	r = pts_in_thread(stranger_unlock, NULL);
	if (r != EPERM)
		PTS_FAILED("%s: non-owner unlock returned %ld, expected EPERM",
			   name, r);
	r = pts_trylock_other(&m);
	if (r != EBUSY)
		PTS_FAILED("%s: after the refused unlock another thread's trylock returned %ld, expected EBUSY",
			   name, r);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the owner's unlock failed", name);
	r = pts_trylock_other(&m);
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
