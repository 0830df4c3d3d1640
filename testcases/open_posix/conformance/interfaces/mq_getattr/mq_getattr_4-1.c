// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_getattr(): mq_curmsgs is the number of messages currently queued.
 * On a 5-message queue it reads 0, then 1..5 after each send; a refused
 * send to the full queue ([EAGAIN]) leaves it 5; it counts down to 0
 * with each receive, whatever the priority order the messages leave in.
 */
#include "pts_mqsem.h"

int main(void)
{
	mqd_t q = pts_mq_new(5, 4, O_NONBLOCK);
	char buf[4];
	long i;

	pts_mq_expect_count(q, 0, "new queue");
	for (i = 1; i <= 5; i++) {
		if (mq_send(q, "m", 1, (unsigned int)(i * 3) % 5))
			PTS_UNRES("mq_send(#%ld): %m", i);
		pts_mq_expect_count(q, i, "after a send");
	}
	PTS_EXPECT_ERRNO(mq_send(q, "x", 1, 0), EAGAIN, "send to the full queue");
	pts_mq_expect_count(q, 5, "after the refused send");
	for (i = 4; i >= 0; i--) {
		if (mq_receive(q, buf, sizeof(buf), NULL) != 1)
			PTS_UNRES("mq_receive(): %m");
		pts_mq_expect_count(q, i, "after a receive");
	}
	PTS_PASSED("mq_curmsgs exact from 0 to 5 and back");
}
