// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): msg_prio must be less than {MQ_PRIO_MAX}. The range
 * is checked before any wait or timeout: on a full queue with a
 * deadline already passed, MQ_PRIO_MAX gives [EINVAL], not
 * [ETIMEDOUT]; with room, MQ_PRIO_MAX - 1 is accepted and received
 * before the earlier priority 0 message.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec past = { 0, 0 };
	mqd_t q = pts_mq_new(2, 4, 0);

	if (mq_timedsend(q, "low", 3, 0, &past))
		PTS_UNRES("mq_timedsend(prio 0): %m");
	if (mq_timedsend(q, "top", 3, MQ_PRIO_MAX - 1, &past))
		PTS_FAILED("MQ_PRIO_MAX - 1: %m");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "bad", 3, MQ_PRIO_MAX, &past), EINVAL,
			 "MQ_PRIO_MAX on the full queue, deadline passed");
	pts_mq_expect_msg(q, "top", 3, MQ_PRIO_MAX - 1, "1st");
	pts_mq_expect_msg(q, "low", 3, 0, "2nd");
	PTS_PASSED("MQ_PRIO_MAX - 1 first, MQ_PRIO_MAX EINVAL before the timeout");
}
