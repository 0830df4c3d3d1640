// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() [EAGAIN]: O_NONBLOCK is set in the description and the
 * queue is full. With O_NONBLOCK from the open, and with O_NONBLOCK
 * set by mq_setattr() on a blocking description of another full queue:
 * -1 and EAGAIN at once (a 2 s alarm would kill a blocked test); once
 * a message is received the same send succeeds.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr nb = { .mq_flags = O_NONBLOCK };
	mqd_t q = pts_mq_new(2, 4, O_NONBLOCK), qb = pts_mq_new(1, 4, 0);
	char buf[4];

	alarm(2 * pts_timeout_mul() + 1);
	pts_mq_fill(q);
	PTS_EXPECT_ERRNO(mq_send(q, "x", 1, 0), EAGAIN, "O_NONBLOCK from open");
	pts_mq_fill(qb);
	if (mq_setattr(qb, &nb, NULL))
		PTS_UNRES("mq_setattr(): %m");
	PTS_EXPECT_ERRNO(mq_send(qb, "x", 1, 0), EAGAIN, "O_NONBLOCK by mq_setattr()");
	alarm(0);
	if (mq_receive(q, buf, sizeof(buf), NULL) != 1)
		PTS_UNRES("mq_receive(): %m");
	if (mq_send(q, "x", 1, 0))
		PTS_FAILED("send with room again: %m");
	PTS_PASSED("EAGAIN at once on full O_NONBLOCK queues");
}
