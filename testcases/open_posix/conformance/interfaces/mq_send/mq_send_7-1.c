// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send(): on a full queue with O_NONBLOCK set the call returns an
 * error and the message is not queued. A 3-message queue is filled;
 * sends of priority 0, 5 and MQ_PRIO_MAX - 1 (which would otherwise
 * jump the queue) all fail; draining returns exactly the three
 * original messages, none of the refused ones.
 */
#include "pts_mqsem.h"

int main(void)
{
	static const unsigned int prios[] = { 0, 5, MQ_PRIO_MAX - 1 };
	mqd_t q = pts_mq_new(3, 4, O_NONBLOCK);
	unsigned int i;
	char buf[4];

	pts_mq_fill(q);
	for (i = 0; i < 3; i++)
		if (mq_send(q, "NO", 2, prios[i]) != -1)
			PTS_FAILED("a send to the full queue (prio %u) succeeded",
				   prios[i]);
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	pts_mq_expect_msg(q, "b", 1, 1, "2nd");
	pts_mq_expect_msg(q, "c", 1, 1, "3rd");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "the drained queue");
	PTS_PASSED("full O_NONBLOCK queue: error, nothing queued");
}
