// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock() with PTHREAD_PRIO_INHERIT (the kernel's PI futex:
 * FUTEX_LOCK_PI, FUTEX_UNLOCK_PI and the owner hand-over) still gives
 * mutual exclusion under contention: four threads each add 1 to a shared
 * counter 20000 times under a PI mutex, and under a robust PI mutex;
 * no increment is lost. A PI ERRORCHECK mutex relocked by its owner
 * returns EDEADLK and one unlocked by a non-owner EPERM.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define N 4
#define LOOPS 20000

static pthread_mutex_t m;
static volatile long counter;

static void *adder(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < LOOPS; i++) {
		if (pthread_mutex_lock(&m))
			return (void *)1;
		counter = counter + 1;
		if (i % 64 == 0)
			sched_yield();	/* let others block on it */
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

static void *unlocker(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

static void run(int robust, const char *name)
{
	pthread_mutexattr_t a;
	pthread_t t[N];
	void *v;
	int i;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	if (robust)
		pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&m, &a);
	counter = 0;
	for (i = 0; i < N; i++)
		pthread_create(&t[i], NULL, adder, NULL);
	for (i = 0; i < N; i++) {
		pthread_join(t[i], &v);
		if (v)
			PTS_FAILED("%s: a lock failed", name);
	}
	if (counter != (long)N * LOOPS)
		PTS_FAILED("%s: counter %ld, expected %d", name, counter, N * LOOPS);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *v;

	run(0, "PI");
	run(1, "robust PI");
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EDEADLK, "PI ERRORCHECK relock");
	pthread_create(&t, NULL, unlocker, NULL);
	pthread_join(t, &v);
	if ((long)v != EPERM)
		PTS_FAILED("PI unlock by a non-owner returned %ld", (long)v);
	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), 0, "PI unlock by the owner");
	PTS_PASSED("PI mutexes lost no increment; EDEADLK, EPERM");
}
