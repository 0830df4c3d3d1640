// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_clockwrlock() (POSIX.1-2024) fails with [EINVAL] when
 * the lock would block and abstime's tv_nsec is below 0 or at least
 * 1000 million, on CLOCK_MONOTONIC and CLOCK_REALTIME: behind another
 * thread's read lock each such call returns EINVAL at once (not
 * ETIMEDOUT) and takes nothing (a tryrdlock from main still succeeds,
 * the reader's lock intact).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int held, release;

static void *reader(void *arg)
{
	(void)arg;
	if (pthread_rwlock_rdlock(&l))
		return (void *)1;
	held = 1;
	pts_wait_flag(&release, "the release");
	pthread_rwlock_unlock(&l);
	return NULL;
}

int main(void)
{
	long bad[] = { 1000000000, -1 };
	clockid_t clk[] = { CLOCK_MONOTONIC, CLOCK_REALTIME };
	struct timespec ts;
	pthread_t t;
	int i, j, e;

	if (pthread_create(&t, NULL, reader, NULL))
		PTS_UNRES("pthread_create failed");
	pts_wait_flag(&held, "the reader");
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			ts = pts_deadline(clk[i], 3600 * PTS_NSEC);
			ts.tv_nsec = bad[j];
			e = pthread_rwlock_clockwrlock(&l, clk[i], &ts);
			if (e != EINVAL)
				PTS_FAILED("clock %d tv_nsec %ld: returned %d, expected EINVAL",
					   clk[i], bad[j], e);
		}
	}
	PTS_EXPECT_ERR(pthread_rwlock_tryrdlock(&l), 0, "tryrdlock beside the reader");
	pthread_rwlock_unlock(&l);
	release = 1;
	pthread_join(t, NULL);
	PTS_EXPECT_ERR(pthread_rwlock_trywrlock(&l), 0, "trywrlock once free");
	PTS_PASSED("EINVAL for tv_nsec out of range when the write lock would block; nothing taken");
}
