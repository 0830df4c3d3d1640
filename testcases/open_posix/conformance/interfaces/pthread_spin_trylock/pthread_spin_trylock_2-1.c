// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_trylock(): "shall lock the spin lock referenced by lock
 * if it is not held by any thread. Otherwise, the function shall fail"
 * with [EBUSY] "a thread currently holds the lock" - the holder itself
 * included: the thread that holds the lock gets EBUSY at once from its
 * own trylock (a spin lock has no recursion, and trylock never spins),
 * for a PTHREAD_PROCESS_PRIVATE and a PTHREAD_PROCESS_SHARED lock. The
 * lock is still held after (another thread's trylock EBUSY), and one
 * pthread_spin_unlock() frees it (another thread then takes it).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_spinlock_t l;

static void *other(void *arg)
{
	int e;

	(void)arg;
	e = pthread_spin_trylock(&l);
	if (!e && pthread_spin_unlock(&l))
		e = -1;
	return (void *)(long)e;
}

static long other_try(void)
{
	pthread_t t;
	void *r;

	if (pthread_create(&t, NULL, other, NULL))
		PTS_UNRES("pthread_create()");
	pthread_join(t, &r);
	return (long)r;
}

static void run(int pshared)
{
	int e, i;

	if (pthread_spin_init(&l, pshared))
		PTS_UNRES("pthread_spin_init(%d)", pshared);
	if (pthread_spin_lock(&l))
		PTS_UNRES("pthread_spin_lock()");
	for (i = 0; i < 3; i++) {
		e = pthread_spin_trylock(&l);
		if (e != EBUSY)
			PTS_FAILED("pshared %d: the holder's trylock #%d returned %d, expected EBUSY",
				   pshared, i + 1, e);
	}
	if (other_try() != EBUSY)
		PTS_FAILED("pshared %d: another thread's trylock did not get EBUSY after the holder's",
			   pshared);
	if (pthread_spin_unlock(&l))
		PTS_FAILED("pshared %d: unlock failed", pshared);
	e = other_try();
	if (e)
		PTS_FAILED("pshared %d: lock not free after one unlock (%d)", pshared, e);
	pthread_spin_destroy(&l);
}

int main(void)
{
	run(PTHREAD_PROCESS_PRIVATE);
	run(PTHREAD_PROCESS_SHARED);
	PTS_PASSED("the holder's own trylock is EBUSY; one unlock frees the lock");
}
