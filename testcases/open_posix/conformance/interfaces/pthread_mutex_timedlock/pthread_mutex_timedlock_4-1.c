// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock(): "The timeout shall be based on the
 * CLOCK_REALTIME clock." For a mutex held by another thread (plain and
 * PRIO_INHERIT), a deadline 20 s ahead on CLOCK_MONOTONIC - decades in
 * the past on CLOCK_REALTIME - gives [ETIMEDOUT] at once, not after
 * 20 s; the mutex stays the holder's.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int held, release;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	__atomic_store_n(&held, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "release");
	pthread_mutex_unlock(&m);
	return NULL;
}

static void run(int proto)
{
	pthread_mutexattr_t a;
	struct timespec dl;
	long long t0;
	pthread_t t;
	int err;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutex_init(&m, &a);
	held = release = 0;
	pthread_create(&t, NULL, holder, NULL);
	pts_wait_flag(&held, "the holder");
	dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(20));
	t0 = pts_now(CLOCK_MONOTONIC);
	err = pthread_mutex_timedlock(&m, &dl);
	if (err != ETIMEDOUT)
		PTS_FAILED("protocol %d: returned %d, expected ETIMEDOUT", proto,
			   err);
	if (pts_now(CLOCK_MONOTONIC) - t0 >= pts_bound_ns(20))
		PTS_FAILED("protocol %d: the deadline was taken on CLOCK_MONOTONIC",
			   proto);
	release = 1;
	pthread_join(t, NULL);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	if (pts_now(CLOCK_REALTIME) - pts_now(CLOCK_MONOTONIC) < 100 * PTS_NSEC)
		PTS_UNRES("CLOCK_REALTIME is not far ahead of CLOCK_MONOTONIC");
	run(PTHREAD_PRIO_NONE);
	run(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("the deadline is read on CLOCK_REALTIME (plain and PI)");
}
