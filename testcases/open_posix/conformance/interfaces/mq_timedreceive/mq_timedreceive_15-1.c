// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() [EMSGSIZE]: msg_len is less than mq_msgsize. With a
 * 1-byte message on a 20-byte queue, msg_len 19, 1 and 0 fail with
 * EMSGSIZE, the message stays; on the empty queue msg_len 19 fails
 * with EMSGSIZE at once rather than waiting for the deadline an hour
 * ahead (a 2 s alarm would kill a blocked test).
 */
#include "pts_mqsem.h"

int main(void)
{
	static const size_t lens[] = { 19, 1, 0 };
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t q = pts_mq_new(2, 20, 0);
	char buf[20];
	int i;

	if (mq_send(q, "1", 1, 0))
		PTS_UNRES("mq_send(): %m");
	for (i = 0; i < 3; i++)
		PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, lens[i], NULL, &dl), EMSGSIZE,
				 "msg_len below mq_msgsize");
	pts_mq_expect_msg(q, "1", 1, 0, "the message after EMSGSIZE");
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 19, NULL, &dl), EMSGSIZE,
			 "msg_len 19 on the empty queue");
	alarm(0);
	PTS_PASSED("EMSGSIZE for short buffers, also before any wait");
}
