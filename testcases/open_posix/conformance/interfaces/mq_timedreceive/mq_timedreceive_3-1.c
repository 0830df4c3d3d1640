// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive()/mq_timedsend(): the timeout ends the wait only "if
 * no message exists on the queue to satisfy the receive" / "the queue
 * is full"; a wait ended by the condition going away returns success.
 * A child blocked in mq_timedreceive() with a deadline an hour ahead
 * (asleep in the system call) gets the message the parent then sends
 * (length, bytes, priority), and a child blocked in mq_timedsend() on a
 * full queue completes once the parent receives one message; its
 * message is then on the queue, after the older one. Both return well
 * before their deadlines, not with ETIMEDOUT.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int receiver(void)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	unsigned int pr = 0;
	char buf[32];
	ssize_t n;

	n = mq_timedreceive(q, buf, sizeof(buf), &pr, &ts);
	if (n != 6 || memcmp(buf, "wakeup", 6) || pr != 7) {
		printf("Test FAILED: child's timed receive returned %zd (%s), priority %u\n",
		       n, n < 0 ? strerror(errno) : "", pr);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static int sender(void)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	if (mq_timedsend(q, "third", 5, 0, &ts)) {
		printf("Test FAILED: child's timed send: %s\n", strerror(errno));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static pid_t spawn(int (*fn)(void))
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(fn());
	return pid;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 32 };
	char name[64], buf[32];
	pid_t pid;
	ssize_t n;

	snprintf(name, sizeof(name), "/pts_mq_trecv3_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %s", strerror(errno));

	pid = spawn(receiver);
	pts_wait_in_syscall(pid, SYS_mq_timedreceive);
	if (mq_send(q, "wakeup", 6, 7))
		PTS_UNRES("mq_send(): %s", strerror(errno));
	pts_reap(pid, "the receiving child");

	if (mq_send(q, "first", 5, 0) || mq_send(q, "second", 6, 0))
		PTS_UNRES("mq_send(): %s", strerror(errno));
	pid = spawn(sender);
	pts_wait_in_syscall(pid, SYS_mq_timedsend);
	n = mq_receive(q, buf, sizeof(buf), NULL);
	if (n != 5 || memcmp(buf, "first", 5))
		PTS_FAILED("first message wrong (%zd)", n);
	pts_reap(pid, "the sending child");
	n = mq_receive(q, buf, sizeof(buf), NULL);
	if (n != 6 || memcmp(buf, "second", 6))
		PTS_FAILED("second message wrong (%zd)", n);
	n = mq_receive(q, buf, sizeof(buf), NULL);
	if (n != 5 || memcmp(buf, "third", 5))
		PTS_FAILED("the blocked sender's message wrong (%zd)", n);
	PTS_PASSED("blocked timed receive and send complete when the queue changes");
}
