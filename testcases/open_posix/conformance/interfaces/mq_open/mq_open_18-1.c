// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() O_NONBLOCK: the flag given at open decides whether
 * mq_send() and mq_receive() through that descriptor wait. On one queue
 * a descriptor opened with O_NONBLOCK reads mq_flags O_NONBLOCK and
 * fails at once with [EAGAIN] both on the empty queue and on the full
 * one, while a thread using a descriptor opened without it is found
 * asleep in mq_timedreceive (the system call) and gets the message
 * sent afterwards.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_mqsem.h"
#include "pts_blocked.h"

static mqd_t qb;

static void *receiver(void *arg)
{
	char buf[8];
	unsigned int prio;

	(void)arg;
	if (mq_receive(qb, buf, sizeof(buf), &prio) != 2 ||
	    memcmp(buf, "hi", 2) || prio != 6)
		return (void *)1L;
	return NULL;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	struct pts_blocked b;
	char name[64], buf[8];
	mqd_t qn;

	pts_ipc_name(name, sizeof(name), "mqo18");
	qb = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	qn = mq_open(name, O_RDWR | O_NONBLOCK);
	mq_unlink(name);
	if (qb == (mqd_t)-1 || qn == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_getattr(qn, &at) || at.mq_flags != O_NONBLOCK)
		PTS_FAILED("mq_flags %#lx with O_NONBLOCK", at.mq_flags);
	if (mq_getattr(qb, &at) || at.mq_flags != 0)
		PTS_FAILED("mq_flags %#lx without O_NONBLOCK", at.mq_flags);
	PTS_EXPECT_ERRNO(mq_receive(qn, buf, sizeof(buf), NULL), EAGAIN,
			 "O_NONBLOCK receive, empty");
	pts_start_blocked(&b, receiver, NULL, SYS_mq_timedreceive);
	if (mq_send(qn, "hi", 2, 6))
		PTS_FAILED("O_NONBLOCK send with room: %m");
	if (pts_join_long(b.t))
		PTS_FAILED("the blocking receiver did not get \"hi\" prio 6");
	if (mq_send(qn, "f", 1, 0))
		PTS_UNRES("mq_send(): %m");
	PTS_EXPECT_ERRNO(mq_send(qn, "g", 1, 0), EAGAIN, "O_NONBLOCK send, full");
	pts_mq_expect_count(qn, 1, "after EAGAIN");
	PTS_PASSED("O_NONBLOCK at open: EAGAIN both ways; without it the receive waited");
}
