// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_trylock(): takes the lock when no thread holds it (0),
 * and fails at once with [EBUSY] while another thread holds it, for
 * both pshared values of pthread_spin_init(); after the holder's
 * pthread_spin_unlock() the lock is taken again; a thread spinning in
 * pthread_spin_lock() gets it once it is unlocked.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_spinlock_t s;
static volatile int holding, release, spinning, got;

static void *holder(void *arg)
{
	(void)arg;
	pthread_spin_lock(&s);
	__atomic_store_n(&holding, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "release");
	pthread_spin_unlock(&s);
	return NULL;
}

static void *spinner(void *arg)
{
	(void)arg;
	__atomic_store_n(&spinning, 1, __ATOMIC_RELEASE);
	pthread_spin_lock(&s);
	got = 1;
	pthread_spin_unlock(&s);
	return NULL;
}

int main(void)
{
	static const int ps[] = { PTHREAD_PROCESS_PRIVATE,
				  PTHREAD_PROCESS_SHARED };
	pthread_t t, u;
	int i, err;

	for (i = 0; i < 2; i++) {
		if (pthread_spin_init(&s, ps[i]))
			PTS_FAILED("pthread_spin_init(%d) failed", ps[i]);
		if (pthread_spin_trylock(&s))
			PTS_FAILED("trylock of a free lock failed");
		pthread_spin_unlock(&s);
		holding = release = spinning = got = 0;
		pthread_create(&t, NULL, holder, NULL);
		pts_wait_flag(&holding, "the holder");
		err = pthread_spin_trylock(&s);
		if (err != EBUSY)
			PTS_FAILED("trylock while held returned %d, expected EBUSY",
				   err);
		pthread_create(&u, NULL, spinner, NULL);
		pts_wait_flag(&spinning, "the spinner");
		if (got)
			PTS_FAILED("the spinner got a held lock");
		release = 1;
		pthread_join(t, NULL);
		pthread_join(u, NULL);
		if (!got)
			PTS_FAILED("the spinner did not get the lock");
		if (pthread_spin_trylock(&s))
			PTS_FAILED("trylock after the unlock failed");
		pthread_spin_unlock(&s);
		pthread_spin_destroy(&s);
	}
	PTS_PASSED("EBUSY while held, taken once free (PRIVATE and SHARED)");
}
