// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait(): with the semaphore at zero the wait ends at the
 * absolute CLOCK_REALTIME timeout with [ETIMEDOUT], no earlier; with
 * tv_nsec outside [0, 1e9) it fails with [EINVAL] when it would block;
 * "the validity of the abs_timeout need not be checked if the semaphore
 * can be locked immediately": with the value at 1 it succeeds with a
 * deadline in the past; with an invalid deadline it may succeed or fail
 * with EINVAL (glibc checks first), but must not fail otherwise nor
 * take the semaphore when it fails.
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec dl, bad = { 0, 1000000000 }, neg = { 0, -1 },
			past = { 1, 0 };
	long long now;
	sem_t s;
	int v;

	sem_init(&s, 0, 0);
	dl = pts_deadline(CLOCK_REALTIME, 150000000);
	errno = 0;
	if (sem_timedwait(&s, &dl) != -1 || errno != ETIMEDOUT)
		PTS_FAILED("sem_timedwait() at zero: %m, expected ETIMEDOUT");
	now = pts_now(CLOCK_REALTIME);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("timed out %lld ns before the deadline",
			   pts_ts_ns(&dl) - now);
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &bad), EINVAL, "tv_nsec 1e9");
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &neg), EINVAL, "tv_nsec -1");
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &past), ETIMEDOUT, "past deadline");
	sem_post(&s);
	if (sem_timedwait(&s, &past))
		PTS_FAILED("available semaphore, past deadline: %m");
	sem_post(&s);
	errno = 0;
	if (sem_timedwait(&s, &bad)) {
		if (errno != EINVAL)
			PTS_FAILED("available semaphore, invalid deadline: %m");
		printf("invalid deadline checked although available (allowed)\n");
		sem_getvalue(&s, &v);
		if (v != 1)
			PTS_FAILED("a failed sem_timedwait() took the semaphore");
	} else {
		sem_getvalue(&s, &v);
		if (v)
			PTS_FAILED("value %d, expected 0", v);
	}
	PTS_PASSED("ETIMEDOUT, EINVAL, and immediate success when available");
}
