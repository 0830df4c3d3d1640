// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): with O_CREAT and O_EXCL, mq_open() fails when the name
 * exists, whatever the access mode (O_RDONLY, O_WRONLY, O_RDWR), with
 * O_NONBLOCK too, and whether the queue was created by this process or
 * by a child that has exited; the existing queue is left as it was
 * (its message and geometry read back).
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int creator(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 5 };
	mqd_t q = mq_open(name, O_WRONLY | O_CREAT | O_EXCL, 0600, &at);

	if (q == (mqd_t)-1)
		PTS_UNRES("child's mq_open(): %m");
	if (mq_send(q, "kept", 4, 4))
		PTS_UNRES("child's mq_send(): %m");
	return PTS_PASS;
}

int main(void)
{
	static const int modes[] = { O_RDONLY, O_WRONLY, O_RDWR,
				     O_RDWR | O_NONBLOCK };
	struct mq_attr at = { .mq_maxmsg = 9, .mq_msgsize = 9 };
	unsigned int i;
	mqd_t q;

	pts_ipc_name(name, sizeof(name), "mqo15");
	pts_reap(pts_fork_fn(creator), "creator child");
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		errno = 0;
		q = mq_open(name, modes[i] | O_CREAT | O_EXCL, 0600, &at);
		if (q != (mqd_t)-1 || errno != EEXIST) {
			mq_unlink(name);
			PTS_FAILED("oflag %#x: returned %d, %m; expected EEXIST",
				   modes[i], (int)q);
		}
	}
	q = mq_open(name, O_RDWR);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("plain open: %m");
	if (mq_getattr(q, &at) || at.mq_maxmsg != 2 || at.mq_msgsize != 5)
		PTS_FAILED("geometry now %ld x %ld, expected 2 x 5",
			   at.mq_maxmsg, at.mq_msgsize);
	pts_mq_expect_count(q, 1, "the child's queue");
	pts_mq_expect_msg(q, "kept", 4, 4, "the child's message");
	PTS_PASSED("O_CREAT | O_EXCL fails on an existing name, queue untouched");
}
