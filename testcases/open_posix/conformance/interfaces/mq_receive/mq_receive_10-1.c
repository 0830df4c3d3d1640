// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive() [EAGAIN]: O_NONBLOCK was set in the description and the
 * queue is empty. From a never-used queue opened O_NONBLOCK, from one
 * emptied by receives, and after mq_setattr() set O_NONBLOCK on a
 * blocking description: -1 and EAGAIN every time, at once (each call
 * bounded by a 2 s alarm that would kill a blocked test).
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr nb = { .mq_flags = O_NONBLOCK };
	mqd_t q = pts_mq_new(2, 8, O_NONBLOCK), qb;
	char buf[8];

	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "never-used queue");
	if (mq_send(q, "a", 1, 0) || mq_send(q, "b", 1, 0))
		PTS_UNRES("mq_send(): %m");
	if (mq_receive(q, buf, sizeof(buf), NULL) != 1 ||
	    mq_receive(q, buf, sizeof(buf), NULL) != 1)
		PTS_UNRES("mq_receive(): %m");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "emptied queue");
	qb = pts_mq_new(2, 8, 0);
	if (mq_setattr(qb, &nb, NULL))
		PTS_UNRES("mq_setattr(): %m");
	PTS_EXPECT_ERRNO(mq_receive(qb, buf, sizeof(buf), NULL), EAGAIN,
			 "O_NONBLOCK set by mq_setattr()");
	alarm(0);
	PTS_PASSED("EAGAIN at once on empty O_NONBLOCK queues");
}
