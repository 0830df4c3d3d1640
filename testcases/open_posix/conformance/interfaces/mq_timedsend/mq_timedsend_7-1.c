// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): on a full queue with O_NONBLOCK set the call returns
 * an error at once and the message is not queued: [EAGAIN] whatever the
 * deadline (an hour ahead, or already passed, which on a blocking queue
 * would be [ETIMEDOUT]); the queue holds only its original messages.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec later = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct timespec past = { 1, 0 };
	mqd_t q = pts_mq_new(2, 4, O_NONBLOCK);

	pts_mq_fill(q);
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_timedsend(q, "x", 1, 9, &later), EAGAIN,
			 "deadline an hour ahead");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "y", 1, 9, &past), EAGAIN,
			 "deadline passed");
	alarm(0);
	pts_mq_expect_count(q, 2, "after EAGAIN");
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	pts_mq_expect_msg(q, "b", 1, 1, "2nd");
	PTS_PASSED("EAGAIN at once, nothing queued");
}
