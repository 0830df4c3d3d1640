// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait(): the timeout is based on CLOCK_REALTIME. A deadline
 * 300 ms ahead on CLOCK_REALTIME gives [ETIMEDOUT] and CLOCK_REALTIME
 * read right after is not before it (a lower bound only); a deadline
 * computed on CLOCK_MONOTONIC (the uptime, long past on the
 * CLOCK_REALTIME scale) gives ETIMEDOUT at once (a 2 s alarm would
 * kill a blocked test). The value stays 0.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl, mono;
	long long now;
	sem_t s;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	dl = pts_deadline(CLOCK_REALTIME, 300000000LL);
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &dl), ETIMEDOUT, "REALTIME deadline");
	now = pts_now(CLOCK_REALTIME);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("returned %lld ns before the CLOCK_REALTIME deadline",
			   pts_ts_ns(&dl) - now);
	mono = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	if (pts_ts_ns(&mono) >= pts_now(CLOCK_REALTIME))
		PTS_UNRES("CLOCK_MONOTONIC is ahead of CLOCK_REALTIME");
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(sem_timedwait(&s, &mono), ETIMEDOUT,
			 "MONOTONIC-based deadline");
	alarm(0);
	pts_sem_expect(&s, 0, "after the timeouts");
	PTS_PASSED("the deadline is read on CLOCK_REALTIME");
}
