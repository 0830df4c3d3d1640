// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_getattr(): "mq_curmsgs shall be the number of messages currently on
 * the queue", the same for every descriptor of the queue: messages sent
 * by another process through its own descriptor are counted through
 * ours, and receives lower the count; mq_maxmsg and mq_msgsize are those
 * of the queue's creation for every descriptor; mq_flags is that of the
 * open description (O_NONBLOCK set for one descriptor, clear for the
 * other). [EBADF] for a descriptor that is not open.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static char name[64];

static int child(void)
{
	mqd_t w = mq_open(name, O_WRONLY);
	int i;

	if (w == (mqd_t)-1)
		return PTS_UNRESOLVED;
	for (i = 0; i < 3; i++)
		if (mq_send(w, "m", 1, i))
			return PTS_UNRESOLVED;
	return PTS_PASS;
}

static void check(mqd_t q, long flags, long cur, const char *what)
{
	struct mq_attr a;

	if (mq_getattr(q, &a))
		PTS_FAILED("mq_getattr(%s): %m", what);
	printf("%s: flags %#lx maxmsg %ld msgsize %ld curmsgs %ld\n", what,
	       a.mq_flags, a.mq_maxmsg, a.mq_msgsize, a.mq_curmsgs);
	if ((a.mq_flags & O_NONBLOCK) != flags || a.mq_maxmsg != 5 ||
	    a.mq_msgsize != 24 || a.mq_curmsgs != cur)
		PTS_FAILED("%s: expected flags %#lx maxmsg 5 msgsize 24 curmsgs %ld",
			   what, flags, cur);
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 5, .mq_msgsize = 24 }, a;
	char buf[24];
	mqd_t q, nb;

	snprintf(name, sizeof(name), "/pts_mq_getattr_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	nb = mq_open(name, O_RDONLY | O_NONBLOCK);
	if (q == (mqd_t)-1 || nb == (mqd_t)-1) {
		mq_unlink(name);
		PTS_UNRES("mq_open(): %m");
	}
	check(q, 0, 0, "new queue");
	pts_run_child(child, "sending child");
	mq_unlink(name);
	check(q, 0, 3, "after 3 sends by a child");
	check(nb, O_NONBLOCK, 3, "O_NONBLOCK descriptor");
	if (mq_receive(nb, buf, sizeof(buf), NULL) != 1)
		PTS_UNRES("mq_receive(): %m");
	check(q, 0, 2, "after a receive");
	mq_close(nb);
	PTS_EXPECT_ERRNO(mq_getattr(nb, &a), EBADF, "mq_getattr(closed)");
	PTS_PASSED("curmsgs shared by descriptors and processes, flags per description, EBADF");
}
