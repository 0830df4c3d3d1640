// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait(): no thread passes the barrier until count
 * threads have called it; then exactly one gets
 * PTHREAD_BARRIER_SERIAL_THREAD and the others 0; the barrier resets and
 * works for the next round (3 rounds of 4 threads).
 * pthread_barrier_init() with a count of 0 fails with EINVAL.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define N 4
#define ROUNDS 3

static pthread_barrier_t b;
static int arrived[ROUNDS], serial[ROUNDS], early;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *thread(void *arg)
{
	int r, i;

	(void)arg;
	for (i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&m);
		arrived[i]++;
		pthread_mutex_unlock(&m);
		r = pthread_barrier_wait(&b);
		pthread_mutex_lock(&m);
		if (arrived[i] != N)
			early = 1;
		if (r == PTHREAD_BARRIER_SERIAL_THREAD)
			serial[i]++;
		else if (r)
			early = 2;
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

int main(void)
{
	pthread_barrier_t z;
	pthread_t t[N];
	int i;

	if (pthread_barrier_init(&z, NULL, 0) != EINVAL)
		PTS_FAILED("barrier count 0 not refused with EINVAL");
	if (pthread_barrier_init(&b, NULL, N))
		PTS_UNRES("pthread_barrier_init() failed");
	for (i = 0; i < N; i++)
		pthread_create(&t[i], NULL, thread, NULL);
	for (i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	if (early == 1)
		PTS_FAILED("a thread passed before all %d arrived", N);
	if (early == 2)
		PTS_FAILED("pthread_barrier_wait() returned an error");
	for (i = 0; i < ROUNDS; i++)
		if (serial[i] != 1)
			PTS_FAILED("round %d: %d serial threads", i, serial[i]);
	PTS_PASSED("barrier held until %d arrived, one serial thread per round",
		   N);
}
