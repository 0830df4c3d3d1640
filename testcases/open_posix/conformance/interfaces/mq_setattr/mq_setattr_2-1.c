// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_setattr(): "The message queue attributes corresponding to the
 * following members defined in the mq_attr structure shall be set to the
 * specified values upon successful completion of mq_setattr(): mq_flags
 * The value of this member is the bitwise-logical OR of zero or more of
 * O_NONBLOCK", and the flags belong to the open message queue
 * description, which fork() shares: O_NONBLOCK set by a child through
 * its inherited descriptor applies to the parent's descriptor (a
 * receive from the empty queue fails with [EAGAIN]); a descriptor from a
 * separate mq_open() keeps blocking mode. [EBADF] for a closed
 * descriptor.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int child(void)
{
	struct mq_attr a = { .mq_flags = O_NONBLOCK };

	return mq_setattr(q, &a, NULL) ? PTS_UNRESOLVED : PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 }, g;
	char name[64], buf[8];
	mqd_t other;

	snprintf(name, sizeof(name), "/pts_mq_setattr2_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	other = mq_open(name, O_RDWR);
	mq_unlink(name);
	if (q == (mqd_t)-1 || other == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	pts_run_child(child, "child setting O_NONBLOCK");
	mq_getattr(q, &g);
	printf("parent's descriptor after the child's mq_setattr: flags %#lx\n",
	       g.mq_flags);
	if (!(g.mq_flags & O_NONBLOCK))
		PTS_FAILED("O_NONBLOCK set through the shared description not seen");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "mq_receive(empty) on the parent's descriptor");
	mq_getattr(other, &g);
	if (g.mq_flags & O_NONBLOCK)
		PTS_FAILED("O_NONBLOCK leaked to a separately opened descriptor");
	mq_close(other);
	PTS_EXPECT_ERRNO(mq_setattr(other, &g, NULL), EBADF,
			 "mq_setattr(closed descriptor)");
	PTS_PASSED("O_NONBLOCK is per open description, shared across fork; EBADF");
}
