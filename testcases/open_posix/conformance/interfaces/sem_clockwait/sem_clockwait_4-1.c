// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_clockwait() (POSIX.1-2024), like sem_timedwait(), fails with
 * [EINVAL] when the caller would have blocked and abstime's tv_nsec is
 * below 0 or at least 1000 million: on a zero semaphore, on
 * CLOCK_MONOTONIC and CLOCK_REALTIME, each such call returns -1 EINVAL
 * at once and leaves the value 0 (a post then makes it 1). When the
 * semaphore could be taken at once the check is optional: printed.
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	long bad[] = { 1000000000, -1 };
	clockid_t clk[] = { CLOCK_MONOTONIC, CLOCK_REALTIME };
	struct timespec ts;
	sem_t s;
	int i, j, v, r;

	if (sem_init(&s, 0, 1))
		PTS_UNRES("sem_init: %s", strerror(errno));
	ts = pts_deadline(CLOCK_MONOTONIC, PTS_NSEC);
	ts.tv_nsec = -1;
	r = sem_clockwait(&s, CLOCK_MONOTONIC, &ts);
	sem_getvalue(&s, &v);
	printf("value 1, tv_nsec -1: %d (errno %d), value now %d (need not be checked)\n",
	       r, r ? errno : 0, v);
	while (v-- > 0)
		sem_trywait(&s);
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			ts = pts_deadline(clk[i], 3600 * PTS_NSEC);
			ts.tv_nsec = bad[j];
			PTS_EXPECT_ERRNO(sem_clockwait(&s, clk[i], &ts), EINVAL,
					 "sem_clockwait with a bad tv_nsec");
			sem_getvalue(&s, &v);
			if (v != 0)
				PTS_FAILED("value %d after EINVAL", v);
		}
	}
	if (sem_post(&s) || sem_getvalue(&s, &v) || v != 1)
		PTS_FAILED("value %d after a post, expected 1", v);
	PTS_PASSED("EINVAL for a bad tv_nsec on a zero semaphore, both clocks; value kept");
}
