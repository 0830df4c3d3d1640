// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait(): "The timeout shall be based on the CLOCK_REALTIME
 * clock." A deadline 20 s ahead on CLOCK_MONOTONIC is, read on
 * CLOCK_REALTIME, decades in the past: the wait on a zero semaphore ends
 * at once with [ETIMEDOUT] (not after 20 s), the value untouched; a
 * deadline 150 ms ahead on CLOCK_REALTIME is waited for, not ending
 * before it on that clock.
 */
#include <semaphore.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec dl;
	long long t0, t1;
	sem_t s;
	int v;

	if (pts_now(CLOCK_REALTIME) - pts_now(CLOCK_MONOTONIC) < 100 * PTS_NSEC)
		PTS_UNRES("CLOCK_REALTIME is not far ahead of CLOCK_MONOTONIC");
	sem_init(&s, 0, 0);
	dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(20));
	t0 = pts_now(CLOCK_MONOTONIC);
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &dl), ETIMEDOUT,
			 "deadline from CLOCK_MONOTONIC");
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 >= pts_bound_ns(20))
		PTS_FAILED("the deadline was taken on CLOCK_MONOTONIC");
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d after ETIMEDOUT", v);
	dl = pts_deadline(CLOCK_REALTIME, 150000000);
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &dl), ETIMEDOUT,
			 "deadline 150 ms ahead on CLOCK_REALTIME");
	if (pts_now(CLOCK_REALTIME) < pts_ts_ns(&dl))
		PTS_FAILED("ETIMEDOUT before the CLOCK_REALTIME deadline");
	PTS_PASSED("the deadline is read on CLOCK_REALTIME");
}
