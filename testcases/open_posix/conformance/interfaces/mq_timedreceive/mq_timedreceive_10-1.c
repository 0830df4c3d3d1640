// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive(): when a message can be removed at once the call
 * never fails with a timeout: deadlines of one second ago and the
 * Epoch receive the queued messages. "The validity of abs_timeout need
 * not be checked" then: with tv_nsec -1 either result is allowed; the
 * one seen is printed, and an [EINVAL] must leave the message queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec past = pts_deadline(CLOCK_REALTIME, -PTS_NSEC);
	struct timespec epoch = { 0, 0 }, bad = { 0, -1 };
	mqd_t q = pts_mq_new(4, 8, 0);
	unsigned int prio;
	char buf[8];
	ssize_t n;

	if (mq_send(q, "m1", 2, 3) || mq_send(q, "m2", 2, 2) || mq_send(q, "m3", 2, 1))
		PTS_UNRES("mq_send(): %m");
	if (mq_timedreceive(q, buf, 8, &prio, &past) != 2 || memcmp(buf, "m1", 2))
		PTS_FAILED("deadline a second ago: %m");
	if (mq_timedreceive(q, buf, 8, &prio, &epoch) != 2 || memcmp(buf, "m2", 2))
		PTS_FAILED("deadline at the Epoch: %m");
	n = mq_timedreceive(q, buf, 8, &prio, &bad);
	if (n == 2 && !memcmp(buf, "m3", 2)) {
		printf("tv_nsec -1 with a message: received (not checked)\n");
		pts_mq_expect_count(q, 0, "after the unchecked receive");
	} else if (n == -1 && errno == EINVAL) {
		printf("tv_nsec -1 with a message: EINVAL (checked)\n");
		pts_mq_expect_msg(q, "m3", 2, 1, "the message left by EINVAL");
	} else {
		PTS_FAILED("tv_nsec -1 with a message: returned %zd, %m", n);
	}
	PTS_PASSED("a ready message: passed deadlines do not time out");
}
