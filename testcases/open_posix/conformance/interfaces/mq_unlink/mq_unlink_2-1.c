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

#include "pts_unlink.h"

static char name[64];

static int use(const char *n)
{
	mqd_t q = mq_open(n, O_WRONLY);

	return q == (mqd_t)-1 || mq_send(q, "n", 1, 0);
}

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 }, g;
	const struct pts_unlink o = { name, "queue", use, mq_unlink };
	int code;
	mqd_t q;

	if (geteuid())
		PTS_UNSUPP("needs root to create a queue nobody does not own");
	snprintf(name, sizeof(name), "/pts_mq_unlink2_%d", (int)getpid());
	umask(0);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0666, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_close(q);
	code = pts_unlink_as_nobody(&o);
	q = mq_open(name, O_RDONLY);
	if (q == (mqd_t)-1)
		PTS_FAILED("the queue is gone after a refused unlink: %m");
	mq_getattr(q, &g);
	mq_unlink(name);
	if (g.mq_curmsgs != 1)
		PTS_FAILED("%ld messages, expected nobody's one", g.mq_curmsgs);
	pts_unlink_verdict(&o, code, "mq_unlink EACCES");
}
