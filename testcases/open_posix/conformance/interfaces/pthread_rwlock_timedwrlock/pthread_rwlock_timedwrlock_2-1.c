// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedwrlock()/timedrdlock(): "The timeout shall be
 * based on the CLOCK_REALTIME clock." With another thread holding the
 * write lock, a deadline 20 s ahead on CLOCK_MONOTONIC - decades in the
 * past on CLOCK_REALTIME - gives [ETIMEDOUT] at once for both, not
 * after 20 s.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int held, release;

static void *holder(void *arg)
{
	(void)arg;
	pthread_rwlock_wrlock(&l);
	__atomic_store_n(&held, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "release");
	pthread_rwlock_unlock(&l);
	return NULL;
}

int main(void)
{
	struct timespec dl;
	long long t0;
	pthread_t t;
	int err, i;

	if (pts_now(CLOCK_REALTIME) - pts_now(CLOCK_MONOTONIC) < 100 * PTS_NSEC)
		PTS_UNRES("CLOCK_REALTIME is not far ahead of CLOCK_MONOTONIC");
	pthread_create(&t, NULL, holder, NULL);
	pts_wait_flag(&held, "the holder");
	for (i = 0; i < 2; i++) {
		dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(20));
		t0 = pts_now(CLOCK_MONOTONIC);
		err = i ? pthread_rwlock_timedrdlock(&l, &dl) :
			  pthread_rwlock_timedwrlock(&l, &dl);
		if (err != ETIMEDOUT)
			PTS_FAILED("%s returned %d, expected ETIMEDOUT",
				   i ? "timedrdlock" : "timedwrlock", err);
		if (pts_now(CLOCK_MONOTONIC) - t0 >= pts_bound_ns(20))
			PTS_FAILED("%s: the deadline was taken on CLOCK_MONOTONIC",
				   i ? "timedrdlock" : "timedwrlock");
	}
	release = 1;
	pthread_join(t, NULL);
	PTS_PASSED("both deadlines read on CLOCK_REALTIME");
}
