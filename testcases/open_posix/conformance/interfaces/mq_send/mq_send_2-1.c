// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send()/mq_receive() errors: on a full O_NONBLOCK queue mq_send()
 * fails with [EAGAIN] and on an empty one mq_receive() does; a message
 * longer than mq_msgsize fails with [EMSGSIZE] (a message of exactly
 * mq_msgsize is fine); a receive buffer shorter than mq_msgsize fails
 * with [EMSGSIZE]; sending on a descriptor opened O_RDONLY, or receiving
 * on one opened O_WRONLY, fails with [EBADF]. Failed calls leave the
 * queue unchanged (mq_curmsgs).
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 }, got;
	char name[64], buf[64] = "0123456789abcdefXYZ";
	mqd_t q, ro, wo;

	snprintf(name, sizeof(name), "/pts_mq_err_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &at);
	ro = mq_open(name, O_RDONLY);
	wo = mq_open(name, O_WRONLY);
	mq_unlink(name);
	if (q == (mqd_t)-1 || ro == (mqd_t)-1 || wo == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "mq_receive(empty, O_NONBLOCK)");
	PTS_EXPECT_ERRNO(mq_send(q, buf, 17, 0), EMSGSIZE,
			 "mq_send(17 bytes > msgsize 16)");
	if (mq_send(q, buf, 16, 0) || mq_send(q, buf, 1, 0))
		PTS_FAILED("mq_send(): %m");
	PTS_EXPECT_ERRNO(mq_send(q, buf, 1, 0), EAGAIN,
			 "mq_send(full, O_NONBLOCK)");
	PTS_EXPECT_ERRNO(mq_send(ro, buf, 1, 0), EBADF, "mq_send(O_RDONLY)");
	PTS_EXPECT_ERRNO(mq_receive(q, buf, 15, NULL), EMSGSIZE,
			 "mq_receive(15 byte buffer)");
	PTS_EXPECT_ERRNO(mq_receive(wo, buf, sizeof(buf), NULL), EBADF,
			 "mq_receive(O_WRONLY)");
	mq_getattr(q, &got);
	if (got.mq_curmsgs != 2)
		PTS_FAILED("%ld messages after failed calls, expected 2",
			   got.mq_curmsgs);
	if (mq_receive(ro, buf, 16, NULL) != 16)
		PTS_FAILED("mq_receive(16 byte buffer): %m");
	PTS_PASSED("EAGAIN, EMSGSIZE and EBADF, queue unchanged");
}
