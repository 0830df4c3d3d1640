// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive() [EMSGSIZE]: msg_len is less than the queue's message
 * size attribute, even when the waiting message would fit. With a
 * 2-byte message on a 32-byte queue, msg_len 31, 2 and 0 fail with
 * EMSGSIZE and leave the message queued; msg_len 32 receives it.
 */
#include "pts_mqsem.h"

int main(void)
{
	static const size_t lens[] = { 31, 2, 0 };
	mqd_t q = pts_mq_new(2, 32, O_NONBLOCK);
	char buf[64];
	unsigned int i;

	if (mq_send(q, "ok", 2, 5))
		PTS_UNRES("mq_send(): %m");
	for (i = 0; i < 3; i++) {
		PTS_EXPECT_ERRNO(mq_receive(q, buf, lens[i], NULL), EMSGSIZE,
				 "msg_len below mq_msgsize");
		pts_mq_expect_count(q, 1, "after EMSGSIZE");
	}
	if (mq_receive(q, buf, 32, NULL) != 2 || memcmp(buf, "ok", 2))
		PTS_FAILED("msg_len 32 did not receive the message: %m");
	PTS_PASSED("EMSGSIZE for 31, 2 and 0 bytes of buffer, message kept");
}
