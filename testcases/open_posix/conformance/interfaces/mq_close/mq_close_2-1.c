// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_close(): "The mq_close() function shall remove the association
 * between the message queue descriptor, mqdes, and its message queue",
 * nothing more: a queue that is not unlinked persists with its messages
 * when every descriptor is closed (reopened by name, the messages are
 * there in order); and closing a descriptor in one process does not
 * affect the copy another process inherited with fork(): a child still
 * receives through it after the parent closed its own.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static mqd_t q;

static int child(void)
{
	char buf[8];
	unsigned int prio;

	/* the parent closed its q before this child was allowed to run */
	if (mq_receive(q, buf, sizeof(buf), &prio) != 2 || memcmp(buf, "p5", 2) ||
	    prio != 5) {
		printf("child: receive through its inherited descriptor: %m\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	int fds[2], status;
	char name[64], buf[8];
	pid_t pid;

	snprintf(name, sizeof(name), "/pts_mq_close2_%d", (int)getpid());
	q = mq_open(name, O_WRONLY | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "p1", 2, 1) || mq_send(q, "p5", 2, 5) ||
	    mq_send(q, "p3", 2, 3) || mq_close(q)) {
		mq_unlink(name);
		PTS_UNRES("mq_send/mq_close: %m");
	}
	q = mq_open(name, O_RDONLY | O_NONBLOCK);
	if (q == (mqd_t)-1) {
		mq_unlink(name);
		PTS_FAILED("reopening after every descriptor was closed: %m");
	}
	mq_unlink(name);
	if (pipe(fds))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		close(fds[1]);
		if (read(fds[0], buf, 1) != 1)
			_exit(PTS_UNRESOLVED);
		_exit(child());
	}
	close(fds[0]);
	if (mq_close(q))
		PTS_UNRES("mq_close(): %m");
	if (write(fds[1], "g", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit normally");
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_FAILED("the child's descriptor stopped working when the parent closed its own");
	PTS_PASSED("messages persist with no descriptor open; a close is per process");
}
