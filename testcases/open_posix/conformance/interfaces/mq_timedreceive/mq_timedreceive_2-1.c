// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive()/mq_timedsend(): "The timeout shall be based on the
 * CLOCK_REALTIME clock." A deadline 20 s ahead on CLOCK_MONOTONIC lies,
 * on CLOCK_REALTIME, decades in the past: a receive from an empty queue
 * and a send to a full one end at once with [ETIMEDOUT] (not after
 * 20 s), the queue unchanged.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr a = { .mq_maxmsg = 1, .mq_msgsize = 8 }, got;
	char name[64], buf[8];
	struct timespec dl;
	long long t0;
	mqd_t q;

	if (pts_now(CLOCK_REALTIME) - pts_now(CLOCK_MONOTONIC) < 100 * PTS_NSEC)
		PTS_UNRES("CLOCK_REALTIME is not far ahead of CLOCK_MONOTONIC");
	snprintf(name, sizeof(name), "/pts_mq_tr2_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_unlink(name);
	dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(20));
	t0 = pts_now(CLOCK_MONOTONIC);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, sizeof(buf), NULL, &dl),
			 ETIMEDOUT, "receive, deadline from CLOCK_MONOTONIC");
	if (pts_now(CLOCK_MONOTONIC) - t0 >= pts_bound_ns(20))
		PTS_FAILED("the receive deadline was taken on CLOCK_MONOTONIC");
	if (mq_send(q, "m", 1, 0))
		PTS_UNRES("mq_send(): %m");
	dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(20));
	t0 = pts_now(CLOCK_MONOTONIC);
	PTS_EXPECT_ERRNO(mq_timedsend(q, "n", 1, 0, &dl), ETIMEDOUT,
			 "send, deadline from CLOCK_MONOTONIC");
	if (pts_now(CLOCK_MONOTONIC) - t0 >= pts_bound_ns(20))
		PTS_FAILED("the send deadline was taken on CLOCK_MONOTONIC");
	mq_getattr(q, &got);
	if (got.mq_curmsgs != 1)
		PTS_FAILED("%ld messages, expected 1", got.mq_curmsgs);
	PTS_PASSED("both deadlines read on CLOCK_REALTIME");
}
