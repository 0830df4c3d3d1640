// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the child gets a copy of each open message queue descriptor,
 * referring to the same open message queue description. The child sees
 * the parent's queued message count, receives the first message and
 * sends one of its own (both seen by the parent), and sets O_NONBLOCK
 * with mq_setattr(): the flag belongs to the shared description, so the
 * parent's mq_getattr() reads it and its mq_receive() on the emptied
 * queue fails with [EAGAIN] instead of blocking.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int child(void)
{
	struct mq_attr a, nb = { .mq_flags = O_NONBLOCK };
	char buf[64];

	if (mq_getattr(q, &a) || a.mq_curmsgs != 2) {
		printf("child: %ld messages, expected 2\n", (long)a.mq_curmsgs);
		return PTS_FAIL;
	}
	if (mq_receive(q, buf, sizeof(buf), NULL) != 5 ||
	    memcmp(buf, "first", 5)) {
		printf("child: did not receive the first message\n");
		return PTS_FAIL;
	}
	if (mq_send(q, "child", 5, 0) || mq_setattr(q, &nb, NULL))
		return PTS_UNRESOLVED;
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr a = { .mq_maxmsg = 4, .mq_msgsize = 64 };
	char name[64], buf[64];

	snprintf(name, sizeof(name), "/pts_fork19_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
	if (q == (mqd_t)-1)
		PTS_UNSUPP("mq_open(): %m");
	mq_unlink(name);
	if (mq_send(q, "first", 5, 0) || mq_send(q, "second", 6, 0))
		PTS_UNRES("mq_send(): %m");
	pts_run_child(child, "child");
	if (mq_getattr(q, &a))
		PTS_UNRES("mq_getattr(): %m");
	if (!(a.mq_flags & O_NONBLOCK))
		PTS_FAILED("the child's O_NONBLOCK is not on the parent's descriptor");
	if (a.mq_curmsgs != 2)
		PTS_FAILED("%ld messages after the child, expected 2",
			   (long)a.mq_curmsgs);
	if (mq_receive(q, buf, sizeof(buf), NULL) != 6 ||
	    mq_receive(q, buf, sizeof(buf), NULL) != 5 ||
	    memcmp(buf, "child", 5))
		PTS_FAILED("the parent did not get second and the child's message");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "mq_receive() of the empty queue");
	PTS_PASSED("the child's descriptor shares the queue and its description");
}
