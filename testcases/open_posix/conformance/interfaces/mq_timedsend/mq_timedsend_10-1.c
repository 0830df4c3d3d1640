// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [EAGAIN]: O_NONBLOCK is set and the queue is full.
 * Set at open and set later by mq_setattr(): -1 and EAGAIN, at once
 * (a 2 s alarm would kill a blocked test, the deadline is an hour
 * ahead); clearing O_NONBLOCK again turns the same call into a timed
 * wait that ends with [ETIMEDOUT] at a passed deadline.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct timespec past = { 0, 0 };
	struct mq_attr nb = { .mq_flags = O_NONBLOCK }, blk = { .mq_flags = 0 };
	mqd_t q = pts_mq_new(1, 4, O_NONBLOCK), qb = pts_mq_new(1, 4, 0);

	pts_mq_fill(q);
	pts_mq_fill(qb);
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_timedsend(q, "x", 1, 0, &dl), EAGAIN, "O_NONBLOCK at open");
	if (mq_setattr(qb, &nb, NULL))
		PTS_UNRES("mq_setattr(): %m");
	PTS_EXPECT_ERRNO(mq_timedsend(qb, "x", 1, 0, &dl), EAGAIN,
			 "O_NONBLOCK by mq_setattr()");
	alarm(0);
	if (mq_setattr(qb, &blk, NULL))
		PTS_UNRES("mq_setattr(): %m");
	PTS_EXPECT_ERRNO(mq_timedsend(qb, "x", 1, 0, &past), ETIMEDOUT,
			 "O_NONBLOCK cleared");
	PTS_PASSED("EAGAIN with O_NONBLOCK, ETIMEDOUT without");
}
