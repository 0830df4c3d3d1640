// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive(): on an empty queue with O_NONBLOCK set, no message is
 * removed and the call returns an error. Here O_NONBLOCK is set by
 * mq_setattr() on a descriptor opened blocking: the receive on the
 * emptied queue fails at once ([EAGAIN]) leaving the buffer and
 * msg_prio untouched, and the next message sent is the one received
 * (nothing was consumed or reordered by the failed call).
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr nb = { .mq_flags = O_NONBLOCK };
	mqd_t q = pts_mq_new(3, 8, 0);
	unsigned int prio = 77;
	char buf[8] = "#######";

	if (mq_setattr(q, &nb, NULL))
		PTS_UNRES("mq_setattr(O_NONBLOCK): %m");
	if (mq_send(q, "x", 1, 1))
		PTS_UNRES("mq_send(): %m");
	pts_mq_expect_msg(q, "x", 1, 1, "the first message");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), &prio), EAGAIN,
			 "receive from the emptied queue");
	if (prio != 77 || strcmp(buf, "#######"))
		PTS_FAILED("the failed receive wrote: prio %u, buffer \"%s\"",
			   prio, buf);
	pts_mq_expect_count(q, 0, "after EAGAIN");
	if (mq_send(q, "y", 1, 2))
		PTS_UNRES("mq_send(): %m");
	pts_mq_expect_msg(q, "y", 1, 2, "the next message");
	PTS_PASSED("empty queue, O_NONBLOCK: error, nothing removed or written");
}
