// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send(), mq_timedsend(): "The value of msg_prio shall be less than
 * {MQ_PRIO_MAX}", else [EINVAL]. MQ_PRIO_MAX - 1, the highest valid
 * priority, is accepted and received first with that priority, before
 * a priority 0 message sent earlier; MQ_PRIO_MAX and UINT_MAX are
 * refused with [EINVAL] by both calls and nothing is queued
 * (mq_curmsgs read back, the queue then drains to [EAGAIN]).
 */
#include <limits.h>
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 }, got;
	struct timespec dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(10));
	unsigned int prio;
	char name[64], buf[8];
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_send42_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "low", 3, 0))
		PTS_UNRES("mq_send(prio 0): %m");
	if (mq_send(q, "top", 3, MQ_PRIO_MAX - 1))
		PTS_FAILED("mq_send(MQ_PRIO_MAX - 1): %m");
	PTS_EXPECT_ERRNO(mq_send(q, "bad", 3, MQ_PRIO_MAX), EINVAL,
			 "mq_send(MQ_PRIO_MAX)");
	PTS_EXPECT_ERRNO(mq_send(q, "bad", 3, UINT_MAX), EINVAL,
			 "mq_send(UINT_MAX)");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "bad", 3, MQ_PRIO_MAX, &dl), EINVAL,
			 "mq_timedsend(MQ_PRIO_MAX)");
	PTS_EXPECT_ERRNO(mq_timedsend(q, "bad", 3, UINT_MAX, &dl), EINVAL,
			 "mq_timedsend(UINT_MAX)");
	if (mq_getattr(q, &got) || got.mq_curmsgs != 2)
		PTS_FAILED("%ld messages queued, expected 2", got.mq_curmsgs);

	if (mq_receive(q, buf, sizeof(buf), &prio) != 3 || memcmp(buf, "top", 3) ||
	    prio != MQ_PRIO_MAX - 1)
		PTS_FAILED("first message not \"top\" with priority %u (got %u)",
			   MQ_PRIO_MAX - 1, prio);
	if (mq_receive(q, buf, sizeof(buf), &prio) != 3 || memcmp(buf, "low", 3) ||
	    prio != 0)
		PTS_FAILED("second message not \"low\" with priority 0");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "receive from the drained queue");
	printf("MQ_PRIO_MAX = %d\n", MQ_PRIO_MAX);
	PTS_PASSED("MQ_PRIO_MAX - 1 accepted and first, MQ_PRIO_MAX and UINT_MAX EINVAL");
}
