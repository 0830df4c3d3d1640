// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() [EAGAIN]: O_NONBLOCK is set and the queue is empty.
 * From O_NONBLOCK at open and from O_NONBLOCK set by mq_setattr(), with
 * a deadline an hour ahead: -1 and EAGAIN at once (a 2 s alarm would
 * kill a blocked test); O_NONBLOCK cleared again, the same call with a
 * passed deadline gives [ETIMEDOUT] instead.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct timespec past = { 0, 0 };
	struct mq_attr nb = { .mq_flags = O_NONBLOCK }, blk = { .mq_flags = 0 };
	mqd_t q = pts_mq_new(1, 8, O_NONBLOCK), qb = pts_mq_new(1, 8, 0);
	char buf[8];

	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), EAGAIN,
			 "O_NONBLOCK at open");
	if (mq_setattr(qb, &nb, NULL))
		PTS_UNRES("mq_setattr(): %m");
	PTS_EXPECT_ERRNO(mq_timedreceive(qb, buf, 8, NULL, &dl), EAGAIN,
			 "O_NONBLOCK by mq_setattr()");
	alarm(0);
	if (mq_setattr(qb, &blk, NULL))
		PTS_UNRES("mq_setattr(): %m");
	PTS_EXPECT_ERRNO(mq_timedreceive(qb, buf, 8, NULL, &past), ETIMEDOUT,
			 "O_NONBLOCK cleared");
	PTS_PASSED("EAGAIN with O_NONBLOCK, ETIMEDOUT without");
}
