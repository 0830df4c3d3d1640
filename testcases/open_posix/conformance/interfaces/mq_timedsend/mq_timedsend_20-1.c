// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [ETIMEDOUT]: O_NONBLOCK was not set and the message
 * could not be queued before the timeout. A full queue with nobody
 * receiving: a deadline 200 ms ahead ends the call with -1 and
 * ETIMEDOUT after at least 150 ms of CLOCK_MONOTONIC (a lower bound
 * only), and the message is not queued, also later.
 */
#include "pts_mqsem.h"

int main(void)
{
	mqd_t q = pts_mq_new(2, 4, 0);
	struct timespec dl;
	long long t0, slept;

	pts_mq_fill(q);
	t0 = pts_now(CLOCK_MONOTONIC);
	dl = pts_deadline(CLOCK_REALTIME, 200000000LL);
	PTS_EXPECT_ERRNO(mq_timedsend(q, "late", 4, 7, &dl), ETIMEDOUT,
			 "timed send to the full queue");
	slept = pts_now(CLOCK_MONOTONIC) - t0;
	if (slept < 150000000LL)
		PTS_FAILED("returned after %lld ns", slept);
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	pts_mq_expect_msg(q, "b", 1, 1, "2nd");
	pts_mq_expect_count(q, 0, "after the two originals");
	PTS_PASSED("ETIMEDOUT after the deadline, nothing queued");
}
