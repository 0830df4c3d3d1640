// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrierattr_destroy() "shall destroy a barrier attributes
 * object. A destroyed attr attributes object can be reinitialized
 * using pthread_barrierattr_init()": 0 from the destroy of an object
 * set to SHARED, 0 from its re-initialisation, after which it reads
 * PRIVATE; a count-2 barrier made from it is private (the first
 * arrival sleeps with FUTEX_PRIVATE_FLAG) and releases both threads,
 * one of them serial.
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
	struct pts_blocked b;
	int v = -1;
	long op, r1, r2;

	pthread_barrierattr_init(&a);
	pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	PTS_EXPECT_ERR(pthread_barrierattr_destroy(&a), 0, "destroy()");
	PTS_EXPECT_ERR(pthread_barrierattr_init(&a), 0, "init() again");
	pthread_barrierattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("re-initialised object reads pshared %d", v);
	if (pthread_barrier_init(&bar, &a, 2))
		PTS_UNRES("pthread_barrier_init()");
	PTS_EXPECT_ERR(pthread_barrierattr_destroy(&a), 0, "destroy()");
	pts_start_blocked(&b, arrive, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	r1 = pthread_barrier_wait(&bar);
	r2 = pts_join_long(b.t);
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("the first arrival's futex op %#lx is not private", op);
	if (r1 + r2 != PTHREAD_BARRIER_SERIAL_THREAD || (r1 && r2))
		PTS_FAILED("barrier returns %ld and %ld", r1, r2);
	PTS_PASSED("destroy 0; re-initialised object PRIVATE; its barrier private and working");
}
