// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive(): abs_timeout is measured against CLOCK_REALTIME. A
 * receive on an empty queue with a deadline 300 ms ahead on
 * CLOCK_REALTIME returns [ETIMEDOUT] and CLOCK_REALTIME read right
 * after is not before the deadline (a lower bound only); at least
 * 250 ms of CLOCK_MONOTONIC passed.
 */
#include "pts_mqsem.h"

int main(void)
{
	mqd_t q = pts_mq_new(1, 8, 0);
	struct timespec dl;
	long long t0, now;
	char buf[8];

	t0 = pts_now(CLOCK_MONOTONIC);
	dl = pts_deadline(CLOCK_REALTIME, 300000000LL);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), ETIMEDOUT,
			 "timed receive");
	now = pts_now(CLOCK_REALTIME);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("returned %lld ns before the CLOCK_REALTIME deadline",
			   pts_ts_ns(&dl) - now);
	if (pts_now(CLOCK_MONOTONIC) - t0 < 250000000LL)
		PTS_FAILED("slept only %lld ns", pts_now(CLOCK_MONOTONIC) - t0);
	PTS_PASSED("ETIMEDOUT no earlier than the CLOCK_REALTIME deadline");
}
