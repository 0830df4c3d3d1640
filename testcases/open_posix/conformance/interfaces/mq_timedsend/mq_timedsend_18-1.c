// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): when the queue has room the call never fails with a
 * timeout: deadlines of one second ago and the Epoch queue the message
 * (0 returned). "The validity of the abs_timeout parameter need not be
 * checked" then: with tv_nsec 1e9 either result is allowed; the one
 * seen is printed, and if it is [EINVAL] nothing may have been queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec past = pts_deadline(CLOCK_REALTIME, -PTS_NSEC);
	struct timespec epoch = { 0, 0 }, bad = { 0, PTS_NSEC };
	mqd_t q = pts_mq_new(4, 4, 0);
	int r;

	if (mq_timedsend(q, "p", 1, 2, &past))
		PTS_FAILED("deadline a second ago: %m");
	if (mq_timedsend(q, "e", 1, 1, &epoch))
		PTS_FAILED("deadline at the Epoch: %m");
	r = mq_timedsend(q, "b", 1, 0, &bad);
	if (r == 0) {
		printf("tv_nsec 1e9 with room: queued (not checked)\n");
		pts_mq_expect_count(q, 3, "after the unchecked send");
	} else if (errno == EINVAL) {
		printf("tv_nsec 1e9 with room: EINVAL (checked)\n");
		pts_mq_expect_count(q, 2, "after EINVAL");
	} else {
		PTS_FAILED("tv_nsec 1e9 with room: %m");
	}
	pts_mq_expect_msg(q, "p", 1, 2, "1st");
	pts_mq_expect_msg(q, "e", 1, 1, "2nd");
	PTS_PASSED("room: passed deadlines do not time out");
}
