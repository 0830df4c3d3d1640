// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() and mq_timedsend() "shall" be cancellation points (XSH
 * 2.9.5.2). On a full queue (mq_maxmsg 2) a thread blocked in mq_send()
 * and one blocked in mq_timedsend() (deadline an hour ahead) are each
 * cancelled by a deferred request (PTHREAD_CANCELED, cleanup run, the
 * call never returned). Nothing of theirs was queued: the queue holds
 * the two original messages, received in order, and then is empty
 * ([EAGAIN] through a non-blocking descriptor).
 */
#include <mqueue.h>

#include "pts_cancel.h"

static mqd_t q;

static void plain(void *arg)
{
	(void)arg;
	mq_send(q, "late", 4, 9);
}

static void timed(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	mq_timedsend(q, "late", 4, 9, &ts);
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[64], buf[16];
	mqd_t nb;
	ssize_t n;

	snprintf(name, sizeof(name), "/pts_mq_send5_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	nb = mq_open(name, O_RDONLY | O_NONBLOCK);
	mq_unlink(name);
	if (q == (mqd_t)-1 || nb == (mqd_t)-1)
		PTS_UNRES("mq_open(): %s", strerror(errno));
	if (mq_send(q, "one", 3, 1) || mq_send(q, "two", 3, 1))
		PTS_UNRES("mq_send(): %s", strerror(errno));
	pts_cancel_in_syscall(plain, NULL, SYS_mq_timedsend, "mq_send()");
	pts_cancel_in_syscall(timed, NULL, SYS_mq_timedsend, "mq_timedsend()");
	mq_getattr(q, &at);
	if (at.mq_curmsgs != 2)
		PTS_FAILED("mq_curmsgs %ld after the cancelled sends", at.mq_curmsgs);
	n = mq_receive(nb, buf, sizeof(buf), NULL);
	if (n != 3 || memcmp(buf, "one", 3))
		PTS_FAILED("first message wrong (%zd)", n);
	n = mq_receive(nb, buf, sizeof(buf), NULL);
	if (n != 3 || memcmp(buf, "two", 3))
		PTS_FAILED("second message wrong (%zd)", n);
	PTS_EXPECT_ERRNO(mq_receive(nb, buf, sizeof(buf), NULL), EAGAIN,
			 "receive from the emptied queue");
	PTS_PASSED("mq_send() and mq_timedsend() are cancellation points; nothing queued");
}
