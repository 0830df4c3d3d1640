// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_close() "shall remove the association between the message queue
 * descriptor, mqdes, and its message queue": afterwards the descriptor
 * is refused by mq_send(), mq_receive(), mq_getattr() and mq_notify()
 * with [EBADF], nothing is queued or taken through it, and the queue
 * itself is untouched: a second descriptor still sees the message that
 * was there. The closed number is free again: the next mq_open() of
 * the queue returns it (Linux descriptors are file descriptors, the
 * lowest free one is used).
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 }, got;
	struct sigevent ev = { .sigev_notify = SIGEV_NONE };
	char name[64], buf[8];
	unsigned int prio = 0;
	mqd_t q, q2, q3;

	snprintf(name, sizeof(name), "/pts_mq_close4_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	q2 = mq_open(name, O_RDWR);
	if (q == (mqd_t)-1 || q2 == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "kept", 4, 5))
		PTS_UNRES("mq_send(): %m");
	if (mq_close(q))
		PTS_FAILED("mq_close(): %m");

	PTS_EXPECT_ERRNO(mq_send(q, "new", 3, 1), EBADF, "mq_send() on a closed mqd");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EBADF,
			 "mq_receive() on a closed mqd");
	PTS_EXPECT_ERRNO(mq_getattr(q, &got), EBADF, "mq_getattr() on a closed mqd");
	PTS_EXPECT_ERRNO(mq_notify(q, &ev), EBADF, "mq_notify() on a closed mqd");

	if (mq_getattr(q2, &got) || got.mq_curmsgs != 1)
		PTS_FAILED("the queue holds %ld messages after the close, expected 1",
			   got.mq_curmsgs);
	/* no registration was made through the closed descriptor */
	if (mq_notify(q2, &ev))
		PTS_FAILED("mq_notify() through the open descriptor: %m");

	q3 = mq_open(name, O_RDONLY);
	mq_unlink(name);
	if (q3 == (mqd_t)-1)
		PTS_UNRES("mq_open() again: %m");
	if (q3 != q)
		PTS_FAILED("the next mq_open() returned %d, not the freed %d",
			   (int)q3, (int)q);
	if (mq_receive(q3, buf, sizeof(buf), &prio) != 4 ||
	    memcmp(buf, "kept", 4) || prio != 5)
		PTS_FAILED("the message before the close not received whole");
	if (mq_getattr(q2, &got) || got.mq_curmsgs != 0)
		PTS_FAILED("%ld messages left, expected 0", got.mq_curmsgs);
	PTS_PASSED("closed descriptor EBADF everywhere, queue and message untouched, number reused");
}
