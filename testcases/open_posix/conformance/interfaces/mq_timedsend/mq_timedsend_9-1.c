// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): on failure it returns -1, sets errno and queues
 * nothing. On a full 2-message queue: [ETIMEDOUT] (deadline passed),
 * [EINVAL] (tv_nsec 1e9), [EMSGSIZE] and [EINVAL] (priority) each
 * return -1 with their errno, mq_curmsgs stays 2 and only the two
 * original messages are received.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec past = { 0, 0 }, bad = { 0, PTS_NSEC };
	mqd_t q = pts_mq_new(2, 4, 0);

	pts_mq_fill(q);
	PTS_EXPECT_ERRNO(mq_timedsend(q, "t", 1, 5, &past), ETIMEDOUT, "passed deadline");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "n", 1, 5, &bad), EINVAL, "tv_nsec 1e9");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "12345", 5, 5, &past), EMSGSIZE, "5 bytes");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "p", 1, MQ_PRIO_MAX, &past), EINVAL,
			 "MQ_PRIO_MAX");
	pts_mq_expect_count(q, 2, "after four failures");
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	pts_mq_expect_msg(q, "b", 1, 1, "2nd");
	PTS_PASSED("-1 with errno, nothing queued, for four failures");
}
