// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() [EINVAL]: msg_prio is outside the valid range. The check
 * does not wait for room: on a full blocking queue mq_send() with
 * MQ_PRIO_MAX fails at once with EINVAL (it does not block; a 2 s
 * alarm would kill a blocked test), and on a full O_NONBLOCK queue it
 * is EINVAL, not EAGAIN. MQ_PRIO_MAX + 1 and INT_MAX too.
 */
#include "pts_mqsem.h"

int main(void)
{
	static const unsigned int bad[] = { MQ_PRIO_MAX, MQ_PRIO_MAX + 1, INT_MAX };
	mqd_t qb = pts_mq_new(1, 4, 0), qn = pts_mq_new(1, 4, O_NONBLOCK);
	unsigned int i;

	pts_mq_fill(qb);
	pts_mq_fill(qn);
	alarm(2 * pts_timeout_mul() + 1);
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERRNO(mq_send(qb, "p", 1, bad[i]), EINVAL,
				 "full blocking queue");
		PTS_EXPECT_ERRNO(mq_send(qn, "p", 1, bad[i]), EINVAL,
				 "full O_NONBLOCK queue");
	}
	alarm(0);
	pts_mq_expect_count(qb, 1, "blocking queue");
	pts_mq_expect_count(qn, 1, "O_NONBLOCK queue");
	PTS_PASSED("EINVAL for a bad priority at once, before any wait or EAGAIN");
}
