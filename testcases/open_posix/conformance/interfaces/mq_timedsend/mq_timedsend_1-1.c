// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend()/mq_timedreceive(): when the call would block, "the wait
 * shall be terminated when the specified timeout expires"; with a
 * deadline already passed (one second ago, the Epoch) a send
 * to a full queue and a receive from an empty one fail at once with
 * [ETIMEDOUT], the queue unchanged. With O_NONBLOCK set the call never
 * waits, so there is nothing to time out: a full queue's send and an
 * empty queue's receive fail with [EAGAIN], also with a past deadline. (A deadline
 * before the Epoch is mq_timedsend_2-1's case.)
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 }, g;
	const char *what[2] = { "one second ago", "the Epoch" };
	struct timespec past[2] = { { 0, 0 }, { 0, 0 } };
	char name[64], buf[8];
	mqd_t q, nb;
	int i;

	past[0] = pts_deadline(CLOCK_REALTIME, -PTS_NSEC);
	snprintf(name, sizeof(name), "/pts_mq_tsend_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	nb = mq_open(name, O_RDWR | O_NONBLOCK);
	mq_unlink(name);
	if (q == (mqd_t)-1 || nb == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	for (i = 0; i < 2; i++) {
		PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, sizeof(buf), NULL,
						 &past[i]),
				 ETIMEDOUT, what[i]);
		PTS_EXPECT_ERRNO(mq_timedreceive(nb, buf, sizeof(buf), NULL,
						 &past[i]),
				 EAGAIN, what[i]);
	}
	printf("empty queue: ETIMEDOUT blocking, EAGAIN with O_NONBLOCK\n");
	if (mq_send(q, "full", 4, 3))
		PTS_UNRES("mq_send(): %m");
	for (i = 0; i < 2; i++) {
		PTS_EXPECT_ERRNO(mq_timedsend(q, "late", 4, 9, &past[i]),
				 ETIMEDOUT, what[i]);
		PTS_EXPECT_ERRNO(mq_timedsend(nb, "late", 4, 9, &past[i]),
				 EAGAIN, what[i]);
	}
	printf("full queue: ETIMEDOUT blocking, EAGAIN with O_NONBLOCK\n");
	mq_getattr(q, &g);
	if (g.mq_curmsgs != 1)
		PTS_FAILED("%ld messages after the failed sends, expected 1",
			   g.mq_curmsgs);
	if (mq_receive(q, buf, sizeof(buf), NULL) != 4 || memcmp(buf, "full", 4))
		PTS_FAILED("the queued message changed");
	PTS_PASSED("past deadlines give ETIMEDOUT at once, O_NONBLOCK EAGAIN");
}
