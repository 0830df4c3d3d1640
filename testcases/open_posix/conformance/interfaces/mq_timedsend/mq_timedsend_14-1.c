// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [EMSGSIZE]: msg_len exceeds mq_msgsize. On a 10-byte
 * queue 11 bytes fail with EMSGSIZE when there is room, and at once on
 * a full blocking queue with a deadline an hour ahead (a 2 s alarm
 * would kill a blocked test); 10 bytes are accepted.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t q = pts_mq_new(1, 10, 0);
	char msg[11];

	memset(msg, 'e', sizeof(msg));
	PTS_EXPECT_ERRNO(mq_timedsend(q, msg, 11, 0, &dl), EMSGSIZE, "11 bytes");
	if (mq_timedsend(q, msg, 10, 0, &dl))
		PTS_FAILED("10 bytes: %m");
	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_timedsend(q, msg, 11, 0, &dl), EMSGSIZE,
			 "11 bytes, full queue");
	alarm(0);
	pts_mq_expect_msg(q, msg, 10, 0, "the 10-byte message");
	PTS_PASSED("EMSGSIZE above mq_msgsize, at once on a full queue");
}
