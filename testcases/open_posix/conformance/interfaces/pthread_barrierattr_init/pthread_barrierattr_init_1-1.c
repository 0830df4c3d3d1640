// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrierattr_init() "shall initialize a barrier attributes
 * object attr with the default value for all of the attributes defined
 * by the implementation" and returns 0: over 0xff bytes it reads
 * PTHREAD_PROCESS_PRIVATE. A count-3 barrier made from it holds two
 * threads asleep in the kernel (futex) until the third arrives; then
 * exactly one of the three gets PTHREAD_BARRIER_SERIAL_THREAD, the
 * others 0, for each of two rounds.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_barrier_t bar;

static void *arrive(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_barrier_wait(&bar);
}

int main(void)
{
	pthread_barrierattr_t a;
	struct pts_blocked b[2];
	int v = -1, round, i, serial;
	long r[3];

	memset(&a, 0xff, sizeof(a));
	PTS_EXPECT_ERR(pthread_barrierattr_init(&a), 0, "pthread_barrierattr_init()");
	PTS_EXPECT_ERR(pthread_barrierattr_getpshared(&a, &v), 0, "getpshared()");
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", v);
	if (pthread_barrier_init(&bar, &a, 3))
		PTS_UNRES("pthread_barrier_init()");
	for (round = 0; round < 2; round++) {
		pts_start_blocked(&b[0], arrive, NULL, SYS_futex);
		pts_start_blocked(&b[1], arrive, NULL, SYS_futex);
		pts_wait_in_syscall(b[0].tid, SYS_futex);
		r[2] = pthread_barrier_wait(&bar);
		r[0] = pts_join_long(b[0].t);
		r[1] = pts_join_long(b[1].t);
		for (i = 0, serial = 0; i < 3; i++) {
			if (r[i] == PTHREAD_BARRIER_SERIAL_THREAD)
				serial++;
			else if (r[i])
				PTS_FAILED("round %d: a wait returned %ld", round, r[i]);
		}
		if (serial != 1)
			PTS_FAILED("round %d: %d serial threads", round, serial);
	}
	pthread_barrier_destroy(&bar);
	pthread_barrierattr_destroy(&a);
	PTS_PASSED("PRIVATE default; the barrier held two sleepers for the third, one serial");
}
