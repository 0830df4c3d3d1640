// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [EINVAL]: msg_prio is outside the valid range.
 * MQ_PRIO_MAX, MQ_PRIO_MAX + 1 and UINT_MAX fail with EINVAL with room
 * in the queue, on a full blocking queue with a deadline an hour ahead
 * (at once, no wait: a 2 s alarm would kill a blocked test) and on a
 * full O_NONBLOCK queue (EINVAL, not EAGAIN); nothing is queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	static const unsigned int bad[] = { MQ_PRIO_MAX, MQ_PRIO_MAX + 1, UINT_MAX };
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t qe = pts_mq_new(1, 4, 0), qb = pts_mq_new(1, 4, 0);
	mqd_t qn = pts_mq_new(1, 4, O_NONBLOCK);
	unsigned int i;

	pts_mq_fill(qb);
	pts_mq_fill(qn);
	alarm(2 * pts_timeout_mul() + 1);
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERRNO(mq_timedsend(qe, "p", 1, bad[i], &dl), EINVAL,
				 "empty queue");
		PTS_EXPECT_ERRNO(mq_timedsend(qb, "p", 1, bad[i], &dl), EINVAL,
				 "full blocking queue");
		PTS_EXPECT_ERRNO(mq_timedsend(qn, "p", 1, bad[i], &dl), EINVAL,
				 "full O_NONBLOCK queue");
	}
	alarm(0);
	pts_mq_expect_count(qe, 0, "empty queue");
	pts_mq_expect_count(qb, 1, "blocking queue");
	pts_mq_expect_count(qn, 1, "O_NONBLOCK queue");
	PTS_PASSED("EINVAL for three bad priorities on three queues");
}
