// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_unlink() [ENOENT]: the named message queue does not exist. A name
 * never created, a name unlinked once (its second mq_unlink()), and a
 * name whose queue was created and closed by a child and unlinked by
 * it: ENOENT each time. Unlinking one name leaves a queue of a similar
 * name ("<name>x") in place (it opens without O_CREAT).
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int child(void)
{
	mqd_t q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);

	if (q == (mqd_t)-1 || mq_close(q) || mq_unlink(name))
		PTS_UNRES("child: %m");
	return PTS_PASS;
}

int main(void)
{
	char other[80];
	mqd_t q;

	pts_ipc_name(name, sizeof(name), "mqu7");
	snprintf(other, sizeof(other), "%sx", name);
	PTS_EXPECT_ERRNO(mq_unlink(name), ENOENT, "never created");
	q = mq_open(other, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(other): %m");
	mq_close(q);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1 || mq_unlink(name))
		PTS_UNRES("mq_open/mq_unlink(): %m");
	PTS_EXPECT_ERRNO(mq_unlink(name), ENOENT, "second unlink");
	pts_reap(pts_fork_fn(child), "child");
	PTS_EXPECT_ERRNO(mq_unlink(name), ENOENT, "unlinked by a child");
	q = mq_open(other, O_RDONLY);
	mq_unlink(other);
	if (q == (mqd_t)-1)
		PTS_FAILED("the similar name's queue is gone: %m");
	PTS_PASSED("ENOENT for missing names, other queues untouched");
}
