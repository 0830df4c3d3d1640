// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_unlink(): "After a successful call to mq_unlink(), reuse of the name
 * shall subsequently cause mq_open() to behave as if no message queue of
 * this name exists", and "If one or more processes have the message
 * queue open when mq_unlink() is called, destruction of the message
 * queue shall be postponed until all references to the message queue
 * have been closed." After the unlink: the name is gone ([ENOENT]
 * without O_CREAT); the old descriptor still sends and receives, its
 * messages kept; O_CREAT | O_EXCL makes a new, empty queue with its own
 * attributes, independent of the old one.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr a1 = { .mq_maxmsg = 3, .mq_msgsize = 16 };
	struct mq_attr a2 = { .mq_maxmsg = 2, .mq_msgsize = 32 }, g;
	char name[64], buf[32];
	mqd_t old, new;

	snprintf(name, sizeof(name), "/pts_mq_unlink_%d", (int)getpid());
	old = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &a1);
	if (old == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(old, "before", 6, 1))
		PTS_UNRES("mq_send(): %m");
	if (mq_unlink(name))
		PTS_FAILED("mq_unlink(): %m");
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR), ENOENT,
			 "mq_open() of the unlinked name");
	new = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &a2);
	if (new == (mqd_t)-1)
		PTS_FAILED("O_CREAT | O_EXCL after the unlink: %m");
	mq_unlink(name);
	mq_getattr(new, &g);
	printf("new queue: maxmsg %ld msgsize %ld curmsgs %ld\n", g.mq_maxmsg,
	       g.mq_msgsize, g.mq_curmsgs);
	if (g.mq_maxmsg != 2 || g.mq_msgsize != 32 || g.mq_curmsgs != 0)
		PTS_FAILED("the new queue is not a fresh one with its own attributes");
	if (mq_send(old, "after", 5, 2))
		PTS_FAILED("mq_send() on the unlinked queue: %m");
	mq_getattr(old, &g);
	if (g.mq_curmsgs != 2 || g.mq_msgsize != 16)
		PTS_FAILED("the old queue has %ld messages of size %ld, expected 2 of 16",
			   g.mq_curmsgs, g.mq_msgsize);
	if (mq_receive(old, buf, 16, NULL) != 5 || memcmp(buf, "after", 5) ||
	    mq_receive(old, buf, 16, NULL) != 6 || memcmp(buf, "before", 6))
		PTS_FAILED("the old queue's messages are not there");
	PTS_EXPECT_ERRNO(mq_receive(new, buf, sizeof(buf), NULL), EAGAIN,
			 "receiving from the new queue");
	PTS_PASSED("name gone, old queue lives on, a new queue is independent");
}
