// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send()/mq_receive() [EBADF]: "The mqdes argument is not a valid
 * message queue descriptor open for writing" / "open for reading". A
 * descriptor opened O_RDONLY refuses mq_send() and mq_timedsend() with
 * EBADF, one opened O_WRONLY refuses mq_receive() and
 * mq_timedreceive() with EBADF (also when a message is there, and for a
 * non-blocking descriptor); nothing is queued or taken: mq_curmsgs
 * stays 1 and the O_RDWR descriptor receives the one message sent
 * through the O_WRONLY one.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 16 };
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t rw, ro, wo, wonb;
	char name[64], buf[16];
	ssize_t n;

	snprintf(name, sizeof(name), "/pts_mq_send6_%d", (int)getpid());
	rw = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	ro = mq_open(name, O_RDONLY);
	wo = mq_open(name, O_WRONLY);
	wonb = mq_open(name, O_WRONLY | O_NONBLOCK);
	mq_unlink(name);
	if (rw == (mqd_t)-1 || ro == (mqd_t)-1 || wo == (mqd_t)-1 ||
	    wonb == (mqd_t)-1)
		PTS_UNRES("mq_open(): %s", strerror(errno));
	if (mq_send(wo, "msg", 3, 2))
		PTS_FAILED("mq_send() through O_WRONLY: %s", strerror(errno));
	PTS_EXPECT_ERRNO(mq_send(ro, "bad", 3, 9), EBADF, "mq_send() through O_RDONLY");
	PTS_EXPECT_ERRNO(mq_timedsend(ro, "bad", 3, 9, &ts), EBADF,
			 "mq_timedsend() through O_RDONLY");
	PTS_EXPECT_ERRNO(mq_receive(wo, buf, sizeof(buf), NULL), EBADF,
			 "mq_receive() through O_WRONLY");
	PTS_EXPECT_ERRNO(mq_timedreceive(wo, buf, sizeof(buf), NULL, &ts), EBADF,
			 "mq_timedreceive() through O_WRONLY");
	PTS_EXPECT_ERRNO(mq_receive(wonb, buf, sizeof(buf), NULL), EBADF,
			 "mq_receive() through O_WRONLY | O_NONBLOCK");
	mq_getattr(rw, &at);
	if (at.mq_curmsgs != 1)
		PTS_FAILED("mq_curmsgs %ld after the refused calls", at.mq_curmsgs);
	n = mq_receive(rw, buf, sizeof(buf), NULL);
	if (n != 3 || memcmp(buf, "msg", 3))
		PTS_FAILED("the message read back is wrong (%zd)", n);
	PTS_PASSED("EBADF for the wrong access mode; queue untouched");
}
