// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock() on a PTHREAD_PRIO_INHERIT mutex (the
 * kernel's FUTEX_LOCK_PI with a timeout): held by another thread, the
 * call fails with ETIMEDOUT no earlier than the CLOCK_REALTIME deadline,
 * and the same holds for pthread_mutex_clocklock() on CLOCK_MONOTONIC
 * (FUTEX_LOCK_PI2); an invalid tv_nsec gives EINVAL. After the holder
 * unlocks, a timed lock succeeds and the owner can unlock it.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static pthread_mutex_t go = PTHREAD_MUTEX_INITIALIZER;
static volatile int held;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	held = 1;
	pthread_mutex_lock(&go);
	pthread_mutex_unlock(&go);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	struct timespec dl, bad = { 0, 1000000000 };
	pthread_mutexattr_t a;
	long long now;
	pthread_t t;
	int err;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&go);
	pthread_create(&t, NULL, holder, NULL);
	while (!held)
		pts_nap();
	dl = pts_deadline(CLOCK_REALTIME, 100000000);
	err = pthread_mutex_timedlock(&m, &dl);
	now = pts_now(CLOCK_REALTIME);
	if (err != ETIMEDOUT)
		PTS_FAILED("PI timedlock returned %d, expected ETIMEDOUT", err);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("PI timedlock timed out %lld ns early",
			   pts_ts_ns(&dl) - now);
	dl = pts_deadline(CLOCK_MONOTONIC, 100000000);
	err = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &dl);
	now = pts_now(CLOCK_MONOTONIC);
	if (err != ETIMEDOUT)
		PTS_FAILED("PI clocklock(MONOTONIC) returned %d", err);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("PI clocklock timed out %lld ns early",
			   pts_ts_ns(&dl) - now);
	err = pthread_mutex_timedlock(&m, &bad);
	if (err != EINVAL)
		PTS_FAILED("PI timedlock(tv_nsec 1e9) returned %d", err);
	pthread_mutex_unlock(&go);
	dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(30));
	err = pthread_mutex_timedlock(&m, &dl);
	if (err)
		PTS_FAILED("timedlock after release returned %d", err);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("unlock by the new owner failed");
	pthread_join(t, NULL);
	PTS_PASSED("PI timed locks time out on both clocks, then succeed");
}
