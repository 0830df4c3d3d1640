// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_create(): "Upon key creation, the value NULL shall be
 * associated with the new key in all active threads" - also when the
 * new key reuses the storage of a deleted one whose values were never
 * cleared (pthread_key_delete() leaves them to the application). A
 * second thread and main bind values to 64 keys; all 64 are deleted and
 * 64 new keys created (the implementation may hand out the same
 * numbers: how many were reused is printed); in both threads every new
 * key reads NULL, and a value bound to a new key in one thread is not
 * seen in the other. No destructor of a deleted key runs at the second
 * thread's exit.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NKEYS 64

static pthread_key_t old[NKEYS], new_[NKEYS];
static pthread_mutex_t step = PTHREAD_MUTEX_INITIALIZER;
static volatile int stage_done;
static volatile int dtor_runs;

static void dtor(void *v)
{
	(void)v;
	__atomic_add_fetch(&dtor_runs, 1, __ATOMIC_RELAXED);
}

static int all_null(void)
{
	int i;

	for (i = 0; i < NKEYS; i++)
		if (pthread_getspecific(new_[i]))
			return 0;
	return 1;
}

static void *other(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < NKEYS; i++)
		pthread_setspecific(old[i], &old[i]);
	__atomic_store_n(&stage_done, 1, __ATOMIC_RELEASE);
	/* main deletes and recreates the keys, then lets us look */
	pthread_mutex_lock(&step);
	pthread_mutex_unlock(&step);
	return (void *)(long)(all_null() ? 0 : 1);
}

int main(void)
{
	pthread_t t;
	int i, j, reused = 0;
	void *v;

	for (i = 0; i < NKEYS; i++)
		if (pthread_key_create(&old[i], dtor))
			PTS_UNRES("pthread_key_create()");
	pthread_mutex_lock(&step);
	pthread_create(&t, NULL, other, NULL);
	pts_wait_flag(&stage_done, "the other thread's values");
	for (i = 0; i < NKEYS; i++)
		pthread_setspecific(old[i], &t);
	for (i = 0; i < NKEYS; i++)
		if (pthread_key_delete(old[i]))
			PTS_FAILED("pthread_key_delete() failed");
	for (i = 0; i < NKEYS; i++) {
		if (pthread_key_create(&new_[i], NULL))
			PTS_FAILED("re-creating key %d failed", i);
		for (j = 0; j < NKEYS; j++)
			reused += new_[i] == old[j];
	}
	if (!all_null())
		PTS_FAILED("a new key holds a deleted key's value in main");
	for (i = 0; i < NKEYS; i++)
		pthread_setspecific(new_[i], &v);
	pthread_mutex_unlock(&step);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("a new key is not NULL in the other thread");
	if (dtor_runs)
		PTS_FAILED("a deleted key's destructor ran %d times", dtor_runs);
	printf("%d of %d new keys reuse a deleted key's number\n", reused,
	       NKEYS);
	PTS_PASSED("new keys are NULL in every thread, also in reused slots");
}
