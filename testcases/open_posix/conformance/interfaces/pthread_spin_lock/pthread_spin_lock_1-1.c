// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_spin_lock()/trylock()/unlock(): a spin lock gives mutual
 * exclusion: two threads each add 1 to a shared counter 200000 times
 * under the lock and no increment is lost; trylock of a held lock
 * returns EBUSY at once, of a free one 0.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define LOOPS 200000

static pthread_spinlock_t s;
static volatile long counter;

static void *adder(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < LOOPS; i++) {
		pthread_spin_lock(&s);
		counter = counter + 1;
		pthread_spin_unlock(&s);
	}
	return NULL;
}

static void *probe(void *arg)
{
	long r = pthread_spin_trylock(&s);

	(void)arg;
	if (!r)
		pthread_spin_unlock(&s);
	return (void *)r;
}

int main(void)
{
	pthread_t a, b;
	void *v;

	if (pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE))
		PTS_UNRES("pthread_spin_init() failed");
	pthread_create(&a, NULL, adder, NULL);
	pthread_create(&b, NULL, adder, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	if (counter != 2 * LOOPS)
		PTS_FAILED("counter %ld, expected %d", counter, 2 * LOOPS);
	pthread_spin_lock(&s);
	pthread_create(&a, NULL, probe, NULL);
	pthread_join(a, &v);
	if ((long)v != EBUSY)
		PTS_FAILED("trylock of a held spin lock returned %ld", (long)v);
	pthread_spin_unlock(&s);
	pthread_create(&a, NULL, probe, NULL);
	pthread_join(a, &v);
	if (v)
		PTS_FAILED("trylock of a free spin lock returned %ld", (long)v);
	PTS_PASSED("no lost increments, EBUSY on a held lock");
}
