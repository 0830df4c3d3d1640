// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive(): on success it returns the length of the selected
 * message, which is removed. Messages of 0, 3 and 40 (= mq_msgsize)
 * bytes come back with exactly those return values, the highest
 * priority first, mq_curmsgs dropping by one each; a fourth timed
 * receive with a passed deadline then times out ([ETIMEDOUT]).
 */
#include "pts_mqsem.h"

int main(void)
{
	static const size_t len[] = { 40, 3, 0 };
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct timespec past = { 0, 0 };
	mqd_t q = pts_mq_new(3, 40, 0);
	char msg[40], buf[40];
	unsigned int i, prio;
	ssize_t n;

	memset(msg, 'L', sizeof(msg));
	for (i = 0; i < 3; i++)
		if (mq_send(q, msg, len[i], 10 - i))
			PTS_UNRES("mq_send(): %m");
	for (i = 0; i < 3; i++) {
		n = mq_timedreceive(q, buf, sizeof(buf), &prio, &dl);
		if (n < 0 || (size_t)n != len[i] || prio != 10 - i)
			PTS_FAILED("message %u: returned %zd prio %u, expected %zu prio %u",
				   i, n, prio, len[i], 10 - i);
		pts_mq_expect_count(q, 2 - i, "after a receive");
	}
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, sizeof(buf), NULL, &past), ETIMEDOUT,
			 "a fourth receive");
	PTS_PASSED("lengths 40, 3, 0 returned, each message removed");
}
