// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_setattr(): only mq_flags (O_NONBLOCK) can be changed; "the values of
 * the mq_maxmsg, mq_msgsize, and mq_curmsgs members ... shall be ignored"
 * and omqstat returns the previous attributes. The new O_NONBLOCK takes
 * effect (an empty receive fails with EAGAIN) and applies to that
 * descriptor only, not to another opened on the same queue.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 3, .mq_msgsize = 8 }, n, old, got;
	struct timespec dl;
	char name[64], buf[8];
	mqd_t q, q2;

	snprintf(name, sizeof(name), "/pts_mq_setattr_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	q2 = mq_open(name, O_RDWR);
	mq_unlink(name);
	if (q == (mqd_t)-1 || q2 == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_send(q, "x", 1, 0);
	n.mq_flags = O_NONBLOCK;
	n.mq_maxmsg = 99;
	n.mq_msgsize = 99;
	n.mq_curmsgs = 99;
	if (mq_setattr(q, &n, &old))
		PTS_FAILED("mq_setattr(): %m");
	if (old.mq_flags & O_NONBLOCK || old.mq_maxmsg != 3 ||
	    old.mq_msgsize != 8 || old.mq_curmsgs != 1)
		PTS_FAILED("omqstat %#lx/%ld/%ld/%ld", old.mq_flags, old.mq_maxmsg,
			   old.mq_msgsize, old.mq_curmsgs);
	mq_getattr(q, &got);
	if (!(got.mq_flags & O_NONBLOCK) || got.mq_maxmsg != 3 ||
	    got.mq_msgsize != 8 || got.mq_curmsgs != 1)
		PTS_FAILED("after set: %#lx/%ld/%ld/%ld", got.mq_flags,
			   got.mq_maxmsg, got.mq_msgsize, got.mq_curmsgs);
	mq_receive(q, buf, 8, NULL);
	PTS_EXPECT_ERRNO(mq_receive(q, buf, 8, NULL), EAGAIN,
			 "receive on the now non-blocking descriptor");
	mq_getattr(q2, &got);
	if (got.mq_flags & O_NONBLOCK)
		PTS_FAILED("O_NONBLOCK leaked to another descriptor");
	dl = pts_deadline(CLOCK_REALTIME, 20000000);
	PTS_EXPECT_ERRNO(mq_timedreceive(q2, buf, 8, NULL, &dl), ETIMEDOUT,
			 "the other descriptor still blocks");
	PTS_PASSED("only O_NONBLOCK changed, per descriptor, omqstat right");
}
