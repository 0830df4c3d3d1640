// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() [EMSGSIZE]: msg_len exceeds the queue's mq_msgsize. On a
 * 16-byte queue 17 bytes and SIZE_MAX fail with EMSGSIZE, also on a
 * full blocking queue (at once, no wait: a 2 s alarm would kill a
 * blocked test); 16 bytes are accepted on an empty one.
 */
#include <stdint.h>

#include "pts_mqsem.h"

int main(void)
{
	mqd_t q = pts_mq_new(1, 16, 0);
	char msg[17];

	memset(msg, 's', sizeof(msg));
	PTS_EXPECT_ERRNO(mq_send(q, msg, 17, 0), EMSGSIZE, "17 bytes");
	PTS_EXPECT_ERRNO(mq_send(q, msg, SIZE_MAX, 0), EMSGSIZE, "SIZE_MAX bytes");
	pts_mq_expect_count(q, 0, "after EMSGSIZE");
	if (mq_send(q, msg, 16, 0))
		PTS_FAILED("16 bytes: %m");
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_send(q, msg, 17, 0), EMSGSIZE, "17 bytes, full queue");
	alarm(0);
	pts_mq_expect_msg(q, msg, 16, 0, "the 16-byte message");
	PTS_PASSED("EMSGSIZE above mq_msgsize, also on a full queue, at once");
}
