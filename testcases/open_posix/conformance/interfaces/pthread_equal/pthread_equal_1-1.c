// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_equal(): nonzero when the two thread IDs name the same thread,
 * zero when they name different ones. The ID pthread_create() stored
 * equals the one the new thread gets from pthread_self(); two threads
 * alive at the same time (and the main thread) are all unequal to each
 * other, and each ID is equal to itself.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define N 4

static pthread_t seen[N];
static pthread_barrier_t b;

static void *thread(void *arg)
{
	seen[(long)arg] = pthread_self();
	pthread_barrier_wait(&b);	/* all alive together */
	pthread_barrier_wait(&b);
	return NULL;
}

int main(void)
{
	pthread_t t[N], self = pthread_self();
	int i, j;

	pthread_barrier_init(&b, NULL, N + 1);
	for (i = 0; i < N; i++)
		if (pthread_create(&t[i], NULL, thread, (void *)(long)i))
			PTS_UNRES("pthread_create() failed");
	pthread_barrier_wait(&b);
	for (i = 0; i < N; i++) {
		if (!pthread_equal(t[i], seen[i]))
			PTS_FAILED("thread %d: created ID and pthread_self() differ", i);
		if (!pthread_equal(t[i], t[i]))
			PTS_FAILED("thread %d: ID not equal to itself", i);
		if (pthread_equal(t[i], self) || pthread_equal(self, t[i]))
			PTS_FAILED("thread %d equal to the main thread", i);
		for (j = 0; j < N; j++)
			if (j != i && pthread_equal(t[i], t[j]))
				PTS_FAILED("threads %d and %d compare equal", i, j);
	}
	if (!pthread_equal(self, pthread_self()))
		PTS_FAILED("main thread's ID not equal to itself");
	pthread_barrier_wait(&b);
	for (i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	PTS_PASSED("equal IDs nonzero, distinct live threads zero");
}
