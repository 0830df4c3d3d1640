// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_unlink(): destruction of a queue that processes have open is
 * postponed until every reference is closed, and mq_unlink() "shall not
 * block until all references have been closed". A child blocked in
 * mq_receive() (asleep in the kernel) when the parent unlinks the name
 * is still woken by the parent's mq_send() through its descriptor and
 * receives that message with its priority; the parent's mq_unlink()
 * returned at once while the child held the queue open.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr a = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[64];
	mqd_t q;
	pid_t pid;

	snprintf(name, sizeof(name), "/pts_mq_unlink3_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &a);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		mq_unlink(name);
		PTS_UNRES("fork(): %m");
	}
	if (!pid) {
		char buf[16];
		unsigned int prio = 0;
		ssize_t n = mq_receive(q, buf, sizeof(buf), &prio);

		if (n != 5 || memcmp(buf, "after", 5) || prio != 7) {
			printf("child received %zd bytes, priority %u\n", n, prio);
			exit(PTS_FAIL);
		}
		exit(PTS_PASS);
	}
	pts_wait_in_syscall(pid, SYS_mq_timedreceive);
	if (mq_unlink(name)) {
		kill(pid, SIGKILL);
		PTS_FAILED("mq_unlink(): %m");
	}
	errno = 0;
	if (mq_open(name, O_RDWR) != (mqd_t)-1 || errno != ENOENT)
		PTS_FAILED("the unlinked name still opens (errno %s)",
			   strerrorname_np(errno));
	if (mq_send(q, "after", 5, 7)) {
		kill(pid, SIGKILL);
		PTS_FAILED("mq_send() after the unlink: %m");
	}
	pts_reap(pid, "receiver");
	PTS_PASSED("a receiver blocked on an unlinked queue gets the message");
}
