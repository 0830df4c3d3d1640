// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send() on a full blocking queue "shall block until sufficient space
 * becomes available to queue the message": a child blocked sending (seen
 * asleep in mq_timedsend) completes when the parent receives one
 * message, and its message is then in the queue behind the others of
 * its priority. A caught signal interrupts the blocked send with
 * [EINTR], nothing queued.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 }, got;
	struct sigaction sa;
	char name[64], buf[8];
	pid_t pid, parent = getpid();
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_full_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_send(q, "1", 1, 0);
	mq_send(q, "2", 1, 0);
	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(mq_send(q, "3", 1, 0) ? PTS_FAIL : PTS_PASS);
	pts_wait_in_syscall(pid, SYS_mq_timedsend);
	if (mq_receive(q, buf, 8, NULL) != 1 || buf[0] != '1')
		PTS_FAILED("first receive");
	pts_reap(pid, "blocked sender");
	if (mq_receive(q, buf, 8, NULL) != 1 || buf[0] != '2' ||
	    mq_receive(q, buf, 8, NULL) != 1 || buf[0] != '3')
		PTS_FAILED("the blocked sender's message is not behind the others");

	mq_send(q, "a", 1, 0);
	mq_send(q, "b", 1, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_mq_timedsend);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	PTS_EXPECT_ERRNO(mq_send(q, "c", 1, 0), EINTR,
			 "interrupted blocking mq_send()");
	pts_reap(pid, "signalling child");
	mq_getattr(q, &got);
	if (got.mq_curmsgs != 2)
		PTS_FAILED("%ld messages after EINTR, expected 2", got.mq_curmsgs);
	PTS_PASSED("blocked sender completed once room was made; EINTR");
}
