// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_unlink(): [EACCES] "Permission is denied to unlink the named message
 * queue." A queue created by root with mode 0666 (so nobody may use it)
 * cannot be unlinked by nobody: the call fails with EACCES and the name
 * still opens afterwards. (The kernel keeps queues in the sticky mqueue
 * root directory and refuses with EPERM; glibc's mq_unlink() reports
 * that as EACCES. EPERM is reported as a known issue, never a pass; the
 * queue must survive either way.)
 */
#include <mqueue.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char name[64];

static int child(void)
{
	mqd_t q = mq_open(name, O_WRONLY);

	if (q == (mqd_t)-1 || mq_send(q, "n", 1, 0)) {
		printf("nobody cannot use the 0666 queue: %m\n");
		return PTS_UNRESOLVED;
	}
	errno = 0;
	if (!mq_unlink(name)) {
		printf("nobody unlinked root's queue\n");
		return PTS_FAIL;
	}
	printf("nobody's mq_unlink(): %s\n", strerrorname_np(errno));
	if (errno == EPERM)
		return 10;
	return errno == EACCES ? PTS_PASS : PTS_FAIL;
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 }, g;
	int status;
	pid_t pid;
	mqd_t q;

	if (geteuid())
		PTS_UNSUPP("needs root to create a queue nobody does not own");
	snprintf(name, sizeof(name), "/pts_mq_unlink2_%d", (int)getpid());
	umask(0);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0666, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_close(q);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_become_nobody();
		exit(child());	/* exit(): the child's output is flushed */
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		mq_unlink(name);
		PTS_UNRES("the child did not exit normally");
	}
	q = mq_open(name, O_RDONLY);
	if (q == (mqd_t)-1)
		PTS_FAILED("the queue is gone after a refused unlink: %m");
	mq_getattr(q, &g);
	mq_unlink(name);
	if (g.mq_curmsgs != 1)
		PTS_FAILED("%ld messages, expected nobody's one", g.mq_curmsgs);
	if (WEXITSTATUS(status) == 10)
		PTS_KNOWN_ISSUE("mq_unlink EACCES",
				"the unlink was refused with EPERM (sticky mqueue directory), not EACCES");
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "as nobody");
	PTS_PASSED("EACCES for nobody, the queue kept");
}
