// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_clockrdlock() (POSIX.1-2024) fails with [EINVAL] when
 * the lock would block and abstime's tv_nsec is below 0 or at least
 * 1000 million, on CLOCK_MONOTONIC and CLOCK_REALTIME alike: with
 * another thread holding the write lock each such call returns EINVAL
 * (not ETIMEDOUT, not a wait) and the lock stays the writer's (a
 * tryrdlock from main is still EBUSY). On a free lock "the validity of
 * abstime need not be checked": that result is only printed.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int held, release;

static void *writer(void *arg)
{
	(void)arg;
	if (pthread_rwlock_wrlock(&l))
		return (void *)1;
	held = 1;
	pts_wait_flag(&release, "the release");
	pthread_rwlock_unlock(&l);
	return NULL;
}

int main(void)
{
	struct timespec bad[] = { { 0, 1000000000 }, { 0, -1 } };
	clockid_t clk[] = { CLOCK_MONOTONIC, CLOCK_REALTIME };
	struct timespec ts;
	pthread_t t;
	int i, j, e;

	for (i = 0; i < 2; i++) {
		ts = pts_deadline(clk[i], 3600 * PTS_NSEC);
		ts.tv_nsec = bad[0].tv_nsec;
		e = pthread_rwlock_clockrdlock(&l, clk[i], &ts);
		printf("free lock, tv_nsec 1e9 on clock %d: %d (not checked)\n", clk[i], e);
		if (!e)
			pthread_rwlock_unlock(&l);
	}
	if (pthread_create(&t, NULL, writer, NULL))
		PTS_UNRES("pthread_create failed");
	pts_wait_flag(&held, "the writer");
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			ts = pts_deadline(clk[i], 3600 * PTS_NSEC);
			ts.tv_nsec = bad[j].tv_nsec;
			e = pthread_rwlock_clockrdlock(&l, clk[i], &ts);
			if (e != EINVAL)
				PTS_FAILED("clock %d tv_nsec %ld: returned %d, expected EINVAL",
					   clk[i], bad[j].tv_nsec, e);
		}
	}
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&l), EBUSY, "tryrdlock while written");
	release = 1;
	pthread_join(t, NULL);
	PTS_PASSED("EINVAL for tv_nsec out of range when the read lock would block");
}
