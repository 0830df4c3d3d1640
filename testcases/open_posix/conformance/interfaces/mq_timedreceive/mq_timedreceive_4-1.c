// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() and mq_timedsend() [EINTR]: "The
 * mq_timedreceive() operation was interrupted by a signal" / "A signal
 * interrupted the call". A thread blocked in mq_timedreceive() on an
 * empty queue, and one blocked in mq_timedsend() on a full one, each
 * with a deadline an hour ahead, take a caught signal (handler without
 * SA_RESTART, sent once the thread sleeps in the system call): the call
 * returns -1 with EINTR well before the deadline, the handler having
 * run in that thread; nothing was taken or queued (mq_curmsgs 0, then
 * 2 with the two original messages in order).
 */
#include <mqueue.h>
#include <pthread.h>

#include "pts_helpers.h"

static mqd_t q;
static volatile int tid, handled_in;
static volatile long res, err;

static void h(int sig)
{
	(void)sig;
	handled_in = pts_gettid();
}

static void *receiver(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	char buf[16];

	(void)arg;
	tid = pts_gettid();
	res = mq_timedreceive(q, buf, sizeof(buf), NULL, &ts);
	err = errno;
	return NULL;
}

static void *sender(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	tid = pts_gettid();
	res = mq_timedsend(q, "late", 4, 9, &ts);
	err = errno;
	return NULL;
}

static void interrupt(void *(*fn)(void *), long nr, const char *what)
{
	long long t0 = pts_now(CLOCK_MONOTONIC);
	pthread_t t;

	tid = handled_in = 0;
	res = 0;
	pthread_create(&t, NULL, fn, NULL);
	pts_wait_flag(&tid, what);
	pts_wait_in_syscall(tid, nr);
	pthread_kill(t, SIGUSR1);
	pthread_join(t, NULL);
	if (res != -1 || err != EINTR)
		PTS_FAILED("%s: returned %ld, errno %s; expected -1 EINTR", what, res,
			   strerrorname_np(err) ? strerrorname_np(err) : "0");
	if (handled_in != tid)
		PTS_FAILED("%s: the handler ran in %d, not the caller %d", what,
			   handled_in, tid);
	if (pts_now(CLOCK_MONOTONIC) - t0 > 600 * PTS_NSEC)
		PTS_FAILED("%s: returned only at the deadline", what);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = h };
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[64], buf[16];
	ssize_t n;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	snprintf(name, sizeof(name), "/pts_mq_trecv4_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %s", strerror(errno));
	interrupt(receiver, SYS_mq_timedreceive, "mq_timedreceive()");
	mq_getattr(q, &at);
	if (at.mq_curmsgs != 0)
		PTS_FAILED("mq_curmsgs %ld after the interrupted receive", at.mq_curmsgs);
	if (mq_send(q, "one", 3, 1) || mq_send(q, "two", 3, 1))
		PTS_UNRES("mq_send(): %s", strerror(errno));
	interrupt(sender, SYS_mq_timedsend, "mq_timedsend()");
	mq_getattr(q, &at);
	if (at.mq_curmsgs != 2)
		PTS_FAILED("mq_curmsgs %ld after the interrupted send", at.mq_curmsgs);
	n = mq_receive(q, buf, sizeof(buf), NULL);
	if (n != 3 || memcmp(buf, "one", 3))
		PTS_FAILED("first message wrong");
	n = mq_receive(q, buf, sizeof(buf), NULL);
	if (n != 3 || memcmp(buf, "two", 3))
		PTS_FAILED("second message wrong");
	PTS_PASSED("EINTR from both timed calls, the queue unchanged");
}
