// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() [ETIMEDOUT]: O_NONBLOCK was not set and no message
 * arrived before the timeout; a deadline already passed expires at
 * once. On an empty queue a deadline 200 ms ahead returns -1 ETIMEDOUT
 * after at least 150 ms of CLOCK_MONOTONIC (lower bound only); one of a
 * nanosecond ago and the Epoch return ETIMEDOUT at once (a 2 s alarm
 * would kill a blocked test). A message sent afterwards is still
 * received whole (the timed-out calls took nothing).
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl, past[2] = { pts_deadline(CLOCK_REALTIME, -1), { 0, 0 } };
	mqd_t q = pts_mq_new(2, 8, 0);
	long long t0, slept;
	char buf[8];
	int i;

	t0 = pts_now(CLOCK_MONOTONIC);
	dl = pts_deadline(CLOCK_REALTIME, 200000000LL);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), ETIMEDOUT,
			 "deadline 200 ms ahead");
	slept = pts_now(CLOCK_MONOTONIC) - t0;
	if (slept < 150000000LL)
		PTS_FAILED("returned after %lld ns", slept);
	alarm(2 * pts_timeout_mul() + 1);
	for (i = 0; i < 2; i++)
		PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &past[i]), ETIMEDOUT,
				 "passed deadline");
	alarm(0);
	if (mq_send(q, "whole", 5, 2))
		PTS_UNRES("mq_send(): %m");
	pts_mq_expect_msg(q, "whole", 5, 2, "the later message");
	PTS_PASSED("ETIMEDOUT after the deadline, at once for passed ones");
}
