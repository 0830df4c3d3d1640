// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive(): on an empty queue with O_NONBLOCK set no message is
 * removed and the call returns an error at once: [EAGAIN] whatever the
 * deadline (an hour ahead, or passed, where a blocking queue gives
 * [ETIMEDOUT]); buffer and msg_prio untouched; a message sent after is
 * the one received.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec later = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct timespec past = { 1, 0 };
	mqd_t q = pts_mq_new(2, 8, O_NONBLOCK);
	char buf[8] = "=======";
	unsigned int prio = 99;

	alarm(2 * pts_timeout_mul() + 1);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, &prio, &later), EAGAIN,
			 "deadline an hour ahead");
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, &prio, &past), EAGAIN,
			 "deadline passed");
	alarm(0);
	if (prio != 99 || strcmp(buf, "======="))
		PTS_FAILED("the failed receives wrote prio %u, buffer \"%s\"", prio, buf);
	if (mq_send(q, "after", 5, 4))
		PTS_UNRES("mq_send(): %m");
	pts_mq_expect_msg(q, "after", 5, 4, "the later message");
	PTS_PASSED("EAGAIN at once, nothing removed or written");
}
