// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_receive() on a blocking empty queue waits until a message arrives:
 * a child blocked in mq_timedreceive (seen asleep in the syscall) gets
 * the message the parent then sends, with its priority. A caught signal
 * interrupts a blocked mq_receive() with [EINTR]. mq_unlink() of a name
 * longer than NAME_MAX fails with [ENAMETOOLONG], of a missing name
 * with [ENOENT]; a closed descriptor gives [EBADF].
 */
#include <limits.h>
#include <mqueue.h>

#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[64], buf[16], longname[NAME_MAX + 8];
	struct sigaction sa;
	unsigned int prio;
	pid_t pid, parent = getpid();
	mqd_t q;
	ssize_t n;

	snprintf(name, sizeof(name), "/pts_mq_recv_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		n = mq_receive(q, buf, sizeof(buf), &prio);
		_exit(n == 5 && !memcmp(buf, "hello", 5) && prio == 9 ?
		      PTS_PASS : PTS_FAIL);
	}
	pts_wait_in_syscall(pid, SYS_mq_timedreceive);
	if (mq_send(q, "hello", 5, 9))
		PTS_UNRES("mq_send(): %m");
	pts_reap(pid, "blocked receiver");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (!pid) {
		pts_wait_in_syscall(parent, SYS_mq_timedreceive);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	PTS_EXPECT_ERRNO(mq_receive(q, buf, sizeof(buf), NULL), EINTR,
			 "interrupted mq_receive()");
	pts_reap(pid, "signalling child");
	memset(longname, 'n', sizeof(longname));
	longname[0] = '/';
	longname[sizeof(longname) - 1] = 0;
	PTS_EXPECT_ERRNO(mq_unlink(longname), ENAMETOOLONG, "mq_unlink(long name)");
	PTS_EXPECT_ERRNO(mq_unlink(name), ENOENT, "mq_unlink(missing)");
	mq_close(q);
	PTS_EXPECT_ERRNO(mq_send(q, "x", 1, 0), EBADF, "mq_send(closed)");
	PTS_PASSED("blocked receive woken by a send, EINTR, errors");
}
