// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrierattr_getpshared() "shall obtain the value of the
 * process-shared attribute": PTHREAD_PROCESS_PRIVATE by default,
 * PTHREAD_PROCESS_SHARED once set (0), an invalid value EINVAL with the
 * value read kept. A count-2 barrier made from the object follows what
 * was read: the first arrival sleeps in a futex with FUTEX_PRIVATE_FLAG
 * when PRIVATE was read, without it when SHARED was; both arrivals
 * return, one of them PTHREAD_BARRIER_SERIAL_THREAD.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_j19.h"

static pthread_barrier_t *bar;

static void *arrive(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_barrier_wait(bar);
}

static long first_op(pthread_barrierattr_t *a)
{
	struct pts_blocked b;
	long op, r1, r2;

	if (pthread_barrier_init(bar, a, 2))
		PTS_UNRES("pthread_barrier_init()");
	pts_start_blocked(&b, arrive, NULL, SYS_futex);
	op = pts_j19_futex_op(b.tid);
	r1 = pthread_barrier_wait(bar);
	r2 = pts_join_long(b.t);
	if (!((r1 == 0 && r2 == PTHREAD_BARRIER_SERIAL_THREAD) ||
	      (r2 == 0 && r1 == PTHREAD_BARRIER_SERIAL_THREAD)))
		PTS_FAILED("barrier returns %ld and %ld", r1, r2);
	pthread_barrier_destroy(bar);
	return op;
}

int main(void)
{
	pthread_barrierattr_t a;
	int v = -1;
	long op;

	bar = pts_j19_shared(sizeof(*bar));
	pthread_barrierattr_init(&a);
	PTS_EXPECT_ERR(pthread_barrierattr_getpshared(&a, &v), 0, "getpshared()");
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", v);
	op = first_op(&a);
	if (!(op & PTS_J19_FUTEX_PRIVATE))
		PTS_FAILED("PRIVATE read, the waiter's futex op %#lx is shared", op);
	PTS_EXPECT_ERR(pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED),
		       0, "setpshared(SHARED)");
	PTS_EXPECT_ERR(pthread_barrierattr_setpshared(&a, 9), EINVAL,
		       "setpshared(9)");
	v = -1;
	PTS_EXPECT_ERR(pthread_barrierattr_getpshared(&a, &v), 0, "getpshared()");
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("SHARED read back as %d", v);
	op = first_op(&a);
	if (op & PTS_J19_FUTEX_PRIVATE)
		PTS_FAILED("SHARED read, the waiter's futex op %#lx is private", op);
	pthread_barrierattr_destroy(&a);
	PTS_PASSED("PRIVATE default, SHARED read back, EINVAL kept; futex flags follow");
}
