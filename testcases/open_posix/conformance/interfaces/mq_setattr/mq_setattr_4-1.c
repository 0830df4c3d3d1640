// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_setattr(): "If mq_setattr() is not successful, the message queue
 * attributes shall be unchanged". A descriptor with O_NONBLOCK set is
 * given mq_flags of an unknown bit without O_NONBLOCK (Linux refuses
 * any flag but O_NONBLOCK with [EINVAL]): the call fails and the
 * descriptor is still non-blocking (mq_getattr() and an empty receive
 * with [EAGAIN]), the other attributes as created; a message is still
 * taken and sent as before. If an implementation took the bit as one
 * of its own flags, nothing failed and the clause cannot be checked
 * this way (reported, not a pass).
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 3, .mq_msgsize = 16 }, n, got;
	char name[64], buf[16];
	long r;
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_setattr4_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "m", 1, 2))
		PTS_UNRES("mq_send(): %m");

	memset(&n, 0, sizeof(n));
	n.mq_flags = 0x40000000;	/* not O_NONBLOCK, no POSIX flag */
	errno = 0;
	r = mq_setattr(q, &n, NULL);
	if (r == 0) {
		mq_getattr(q, &got);
		printf("mq_flags %#lx accepted (implementation-defined), now %#lx\n",
		       n.mq_flags, got.mq_flags);
		PTS_EXIT(PTS_UNTESTED, "no failing mq_setattr() to check (clause 'attributes unchanged' untested)");
	}
	printf("mq_setattr(mq_flags %#lx): -1 %s\n", n.mq_flags,
	       strerrorname_np(errno));
	if (r != -1)
		PTS_FAILED("mq_setattr() returned %ld", r);
	if (mq_getattr(q, &got))
		PTS_UNRES("mq_getattr(): %m");
	if (got.mq_flags != O_NONBLOCK || got.mq_maxmsg != 3 ||
	    got.mq_msgsize != 16 || got.mq_curmsgs != 1)
		PTS_FAILED("attributes after the failed call %#lx/%ld/%ld/%ld, expected %#x/3/16/1",
			   got.mq_flags, got.mq_maxmsg, got.mq_msgsize,
			   got.mq_curmsgs, O_NONBLOCK);
	if (mq_receive(q, buf, sizeof(buf), NULL) != 1)
		PTS_FAILED("the queued message not received: %m");
	/* still non-blocking: an empty queue fails at once */
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EAGAIN,
			 "receive from the empty queue after the failed call");
	PTS_PASSED("a failed mq_setattr() left every attribute as it was");
}
