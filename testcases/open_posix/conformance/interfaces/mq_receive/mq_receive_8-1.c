// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive(): on success it returns the length in bytes of the
 * selected message, which is removed from the queue. Messages of 0, 1,
 * 7 and 64 (= mq_msgsize) bytes are received with exactly those return
 * values and mq_curmsgs dropping by one each time; each message comes
 * out once (a final non-blocking receive gets [EAGAIN]).
 */
#include "pts_mqsem.h"

int main(void)
{
	static const size_t len[] = { 0, 1, 7, 64 };
	mqd_t q = pts_mq_new(4, 64, O_NONBLOCK);
	char msg[64], buf[64];
	unsigned int i;
	ssize_t n;

	for (i = 0; i < 4; i++) {
		memset(msg, 'a' + i, sizeof(msg));
		if (mq_send(q, msg, len[i], 3 - i))
			PTS_UNRES("mq_send(%zu): %m", len[i]);
	}
	for (i = 0; i < 4; i++) {
		memset(buf, 0, sizeof(buf));
		n = mq_receive(q, buf, sizeof(buf), NULL);
		if (n < 0 || (size_t)n != len[i])
			PTS_FAILED("message %u: returned %zd, expected %zu", i, n,
				   len[i]);
		if (len[i] && (buf[0] != 'a' + (int)i || buf[len[i] - 1] != 'a' + (int)i))
			PTS_FAILED("message %u: wrong bytes", i);
		pts_mq_expect_count(q, 3 - i, "after a receive");
	}
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "a fifth receive");
	PTS_PASSED("lengths 0, 1, 7, 64 returned, each message removed");
}
