// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Barriers: a new barrier attributes object is PTHREAD_PROCESS_PRIVATE
 * and setpshared refuses another value with EINVAL; pthread_barrier_init()
 * refuses a count of 0 with EINVAL also with an attributes object. With
 * a count of 1 every call of pthread_barrier_wait() completes a cycle by
 * itself, so each returns PTHREAD_BARRIER_SERIAL_THREAD; with a count of
 * 2 and two threads over 20 cycles, each cycle has exactly one.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define CYCLES 20

static pthread_barrier_t b2;
static int serial[2][CYCLES];

static void *waiter(void *arg)
{
	long me = (long)arg;
	int i;

	for (i = 0; i < CYCLES; i++)
		serial[me][i] = pthread_barrier_wait(&b2);
	return NULL;
}

int main(void)
{
	pthread_barrierattr_t a;
	pthread_barrier_t b;
	pthread_t t[2];
	int ps, i, s0, s1;
	long j;

	pthread_barrierattr_init(&a);
	pthread_barrierattr_getpshared(&a, &ps);
	if (ps != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("a new barrierattr's pshared is %d, expected PRIVATE", ps);
	PTS_EXPECT_ERR(pthread_barrierattr_setpshared(&a, 12345), EINVAL,
		       "setpshared(12345)");
	PTS_EXPECT_ERR(pthread_barrier_init(&b, &a, 0), EINVAL,
		       "count 0 with an attributes object");
	if (pthread_barrier_init(&b, &a, 1))
		PTS_FAILED("a barrier of count 1 was refused");
	for (i = 0; i < 5; i++) {
		s0 = pthread_barrier_wait(&b);
		if (s0 != PTHREAD_BARRIER_SERIAL_THREAD)
			PTS_FAILED("wait %d on a count-1 barrier returned %d", i, s0);
	}
	pthread_barrier_destroy(&b);

	pthread_barrier_init(&b2, NULL, 2);
	for (j = 0; j < 2; j++)
		pthread_create(&t[j], NULL, waiter, (void *)j);
	for (j = 0; j < 2; j++)
		pthread_join(t[j], NULL);
	for (i = 0; i < CYCLES; i++) {
		s0 = serial[0][i] == PTHREAD_BARRIER_SERIAL_THREAD;
		s1 = serial[1][i] == PTHREAD_BARRIER_SERIAL_THREAD;
		if (s0 + s1 != 1 || (!s0 && serial[0][i]) || (!s1 && serial[1][i]))
			PTS_FAILED("cycle %d returned %d and %d", i, serial[0][i],
				   serial[1][i]);
	}
	PTS_PASSED("EINVAL; count 1 always serial; one serial thread per cycle");
}
