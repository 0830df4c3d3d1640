// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_init(): "Upon successful initialization, the state of the
 * mutex becomes initialized and unlocked", whatever the memory held
 * before (here every byte 0xff, which as a lock word would read as held,
 * with waiters, by no thread). For every type, the protocols NONE and
 * INHERIT, robust or not, private or process-shared: main's trylock
 * returns 0 at once, another thread's trylock is then [EBUSY], main's
 * unlock returns 0 and the other thread's trylock and unlock then
 * succeed. (PRIO_PROTECT is left out: locking it raises a SCHED_OTHER
 * caller to the ceiling, which the ceiling tests cover.)
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *other(void *arg)
{
	int err = pthread_mutex_trylock(&m);

	if (!err && arg)
		err = pthread_mutex_unlock(&m);
	return (void *)(long)err;
}

static long in_thread(void *arg)
{
	pthread_t t;
	void *v;

	if (pthread_create(&t, NULL, other, arg) || pthread_join(t, &v))
		PTS_UNRES("pthread_create() or pthread_join()");
	return (long)v;
}

int main(void)
{
	static const int types[] = { PTHREAD_MUTEX_NORMAL,
		PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_RECURSIVE,
		PTHREAD_MUTEX_DEFAULT };
	static const int protos[] = { PTHREAD_PRIO_NONE, PTHREAD_PRIO_INHERIT };
	unsigned int ti, pi;
	int robust, sh, n = 0, err;
	pthread_mutexattr_t a;
	char what[96];
	long r;

	for (ti = 0; ti < 4; ti++)
	for (pi = 0; pi < 2; pi++)
	for (robust = 0; robust < 2; robust++)
	for (sh = 0; sh < 2; sh++) {
		snprintf(what, sizeof(what),
			 "type %d, protocol %d, robust %d, shared %d",
			 types[ti], protos[pi], robust, sh);
		pthread_mutexattr_init(&a);
		pthread_mutexattr_settype(&a, types[ti]);
		if (pthread_mutexattr_setprotocol(&a, protos[pi]))
			PTS_UNSUPP("mutex protocol %d not supported", protos[pi]);
		if (robust)
			pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
		pthread_mutexattr_setpshared(&a, sh ? PTHREAD_PROCESS_SHARED :
					     PTHREAD_PROCESS_PRIVATE);
		memset(&m, 0xff, sizeof(m));
		err = pthread_mutex_init(&m, &a);
		pthread_mutexattr_destroy(&a);
		if (err)
			PTS_FAILED("init(%s) returned %s", what,
				   strerrorname_np(err));
		err = pthread_mutex_trylock(&m);
		if (err)
			PTS_FAILED("%s: trylock of the new mutex returned %s",
				   what, strerrorname_np(err));
		r = in_thread(NULL);
		if (r != EBUSY)
			PTS_FAILED("%s: another thread's trylock while main holds it returned %ld",
				   what, r);
		err = pthread_mutex_unlock(&m);
		if (err)
			PTS_FAILED("%s: main's unlock returned %s", what,
				   strerrorname_np(err));
		r = in_thread(&m);
		if (r)
			PTS_FAILED("%s: another thread's trylock/unlock after it returned %ld",
				   what, r);
		if (pthread_mutex_destroy(&m))
			PTS_UNRES("%s: destroy failed", what);
		n++;
	}
	printf("%d combinations initialised unlocked\n", n);
	PTS_PASSED("a new mutex is unlocked over any previous contents");
}
