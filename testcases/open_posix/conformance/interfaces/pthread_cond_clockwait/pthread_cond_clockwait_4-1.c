// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_clockwait() (POSIX.1-2024) with an abstime whose tv_nsec
 * is below 0 or at least 1000 million fails with [EINVAL] on
 * CLOCK_MONOTONIC and CLOCK_REALTIME, without waiting and without
 * releasing the mutex: after each call the mutex is still the caller's
 * (another thread's trylock EBUSY; the caller's ERRORCHECK unlock 0).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *try(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_trylock(&m);
}

int main(void)
{
	long bad[] = { 1000000000, -1 };
	clockid_t clk[] = { CLOCK_MONOTONIC, CLOCK_REALTIME };
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	pthread_mutexattr_t ma;
	struct timespec ts;
	pthread_t t;
	void *ret;
	int i, j, e;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			if (pthread_mutex_lock(&m))
				PTS_UNRES("lock failed");
			ts = pts_deadline(clk[i], 3600 * PTS_NSEC);
			ts.tv_nsec = bad[j];
			e = pthread_cond_clockwait(&c, &m, clk[i], &ts);
			if (e != EINVAL)
				PTS_FAILED("clock %d tv_nsec %ld: returned %d, expected EINVAL",
					   clk[i], bad[j], e);
			if (pthread_create(&t, NULL, try, NULL))
				PTS_UNRES("pthread_create failed");
			pthread_join(t, &ret);
			if ((long)ret != EBUSY)
				PTS_FAILED("clock %d tv_nsec %ld: another thread's trylock %ld, mutex released",
					   clk[i], bad[j], (long)ret);
			PTS_EXPECT_ERR(pthread_mutex_unlock(&m), 0, "the caller's unlock");
		}
	}
	PTS_PASSED("EINVAL for a bad tv_nsec on both clocks, the mutex kept");
}
