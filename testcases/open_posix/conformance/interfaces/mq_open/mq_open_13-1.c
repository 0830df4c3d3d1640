// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() O_CREAT with attr: the queue's mq_maxmsg and mq_msgsize are
 * those of attr, and they are what the queue enforces. A 1 x 1 queue
 * takes one 1-byte message (and a 0-byte one once empty), refuses a
 * second with [EAGAIN] and a 2-byte one with [EMSGSIZE]; a 3 x 300
 * queue takes exactly three 300-byte messages, not 301 bytes.
 * mq_flags (O_NONBLOCK) and mq_curmsgs (5) of attr are ignored at
 * creation: the new queue reads 0 for both.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr at;
	char buf[301], name[64];
	mqd_t q;

	memset(buf, 'z', sizeof(buf));
	q = pts_mq_new(1, 1, O_NONBLOCK);
	pts_mq_expect_count(q, 0, "new 1 x 1");
	PTS_EXPECT_ERRNO(mq_send(q, buf, 2, 0), EMSGSIZE, "2 bytes to 1 x 1");
	if (mq_send(q, buf, 1, 0))
		PTS_FAILED("1 byte to 1 x 1: %m");
	PTS_EXPECT_ERRNO(mq_send(q, buf, 1, 0), EAGAIN, "second message to 1 x 1");
	pts_mq_expect_msg(q, "z", 1, 0, "1 x 1");
	if (mq_send(q, buf, 0, 0))
		PTS_FAILED("0 bytes to 1 x 1: %m");
	pts_mq_expect_msg(q, "", 0, 0, "0-byte message");
	mq_close(q);

	q = pts_mq_new(3, 300, O_NONBLOCK);
	PTS_EXPECT_ERRNO(mq_send(q, buf, 301, 0), EMSGSIZE, "301 bytes to 3 x 300");
	for (int i = 0; i < 3; i++)
		if (mq_send(q, buf, 300, 0))
			PTS_FAILED("300-byte message %d: %m", i + 1);
	PTS_EXPECT_ERRNO(mq_send(q, buf, 1, 0), EAGAIN, "fourth message to 3 x 300");
	pts_mq_expect_count(q, 3, "3 x 300 full");
	mq_close(q);

	at.mq_maxmsg = 2;
	at.mq_msgsize = 2;
	at.mq_flags = O_NONBLOCK;
	at.mq_curmsgs = 5;
	pts_ipc_name(name, sizeof(name), "mqo13");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_getattr(q, &at) || at.mq_flags != 0 || at.mq_curmsgs != 0 ||
	    at.mq_maxmsg != 2 || at.mq_msgsize != 2)
		PTS_FAILED("read back flags %#lx, curmsgs %ld, %ld x %ld; expected 0, 0, 2 x 2",
			   at.mq_flags, at.mq_curmsgs, at.mq_maxmsg, at.mq_msgsize);
	PTS_PASSED("the created geometry is the one enforced");
}
