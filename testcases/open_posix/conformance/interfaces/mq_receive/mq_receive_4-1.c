// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive() and mq_timedreceive() "shall" be cancellation points
 * (XSH 2.9.5.2). A thread blocked in mq_receive() on an empty queue,
 * and one in mq_timedreceive() with a deadline an hour ahead, are each
 * cancelled by a deferred request (PTHREAD_CANCELED, cleanup run, the
 * call never returned). The cancelled receives took nothing: a message
 * sent afterwards is on the queue (mq_curmsgs 1) and the main thread
 * receives it whole.
 */
#include <mqueue.h>

#include "pts_cancel.h"

static mqd_t q;

static void plain(void *arg)
{
	char buf[64];

	(void)arg;
	mq_receive(q, buf, sizeof(buf), NULL);
}

static void timed(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	char buf[64];

	(void)arg;
	mq_timedreceive(q, buf, sizeof(buf), NULL, &ts);
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 64 };
	char name[64], buf[64];
	ssize_t n;

	snprintf(name, sizeof(name), "/pts_mq_recv4_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %s", strerror(errno));
	pts_cancel_in_syscall(plain, NULL, SYS_mq_timedreceive, "mq_receive()");
	pts_cancel_in_syscall(timed, NULL, SYS_mq_timedreceive, "mq_timedreceive()");
	if (mq_send(q, "hello", 5, 3))
		PTS_UNRES("mq_send(): %s", strerror(errno));
	mq_getattr(q, &at);
	if (at.mq_curmsgs != 1)
		PTS_FAILED("mq_curmsgs %ld after a send following the cancelled receives",
			   at.mq_curmsgs);
	n = mq_receive(q, buf, sizeof(buf), NULL);
	if (n != 5 || memcmp(buf, "hello", 5))
		PTS_FAILED("main's receive got %zd bytes", n);
	PTS_PASSED("mq_receive() and mq_timedreceive() are cancellation points");
}
