// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() and RLIMIT_MSGQUEUE, the bytes a user's message queues may
 * take (Linux; the limit falls under POSIX's "the system lacks the
 * resources to create the queue"). Linux charges each queue
 * mq_maxmsg * mq_msgsize plus its bookkeeping to the creator's uid and
 * fails the creation with [EMFILE] (mqueue_get_inode()); the charge is
 * released only when the queue is gone (unlinked and its last descriptor
 * closed). Under a uid of its own, so that no other process shares the
 * count:
 * - limit 0: every creation fails with EMFILE and leaves no name;
 * - limit 16 kB: one queue of 10 x 1024 bytes, a second one EMFILE;
 *   unlinking the first alone frees nothing (still EMFILE), closing its
 *   last descriptor frees the charge and the second succeeds;
 * - opening an existing queue is not charged again.
 */
#include <mqueue.h>

#include "pts_helpers.h"

static char n1[64], n2[64];

static int child(void)
{
	struct mq_attr at = { .mq_maxmsg = 10, .mq_msgsize = 1024 };
	struct rlimit rl = { 0, 0 };

	if (setrlimit(RLIMIT_MSGQUEUE, &rl))
		PTS_UNRES("setrlimit(RLIMIT_MSGQUEUE, 0): %m");
	pts_become_own_uid();
	PTS_EXPECT_ERRNO(mq_open(n1, O_RDWR | O_CREAT, 0600, &at), EMFILE,
			 "mq_open() at RLIMIT_MSGQUEUE 0");
	PTS_EXPECT_ERRNO(mq_unlink(n1), ENOENT, "mq_unlink() after EMFILE");
	return PTS_PASS;
}

static int child2(void)
{
	struct mq_attr at = { .mq_maxmsg = 10, .mq_msgsize = 1024 };
	struct rlimit rl = { 16384, 16384 };
	mqd_t a, a2, b;

	if (setrlimit(RLIMIT_MSGQUEUE, &rl))
		PTS_UNRES("setrlimit(RLIMIT_MSGQUEUE, 16 kB): %m");
	pts_become_own_uid();
	a = mq_open(n1, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (a == (mqd_t)-1)
		PTS_FAILED("first 10 x 1024 queue under a 16 kB limit: %m");
	PTS_EXPECT_ERRNO(mq_open(n2, O_RDWR | O_CREAT | O_EXCL, 0600, &at),
			 EMFILE, "second 10 x 1024 queue under a 16 kB limit");
	PTS_EXPECT_ERRNO(mq_unlink(n2), ENOENT, "mq_unlink() of the refused name");
	a2 = mq_open(n1, O_RDWR);
	if (a2 == (mqd_t)-1)
		PTS_FAILED("opening the existing queue again: %m");
	if (mq_send(a2, "x", 1, 0))
		PTS_FAILED("mq_send() through the second descriptor: %m");
	if (mq_unlink(n1))
		PTS_FAILED("mq_unlink(): %m");
	mq_close(a);
	PTS_EXPECT_ERRNO(mq_open(n2, O_RDWR | O_CREAT | O_EXCL, 0600, &at),
			 EMFILE, "a queue while the unlinked one is still open");
	mq_close(a2);
	b = mq_open(n2, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (b == (mqd_t)-1)
		PTS_FAILED("a queue after the first one was gone: %m");
	mq_close(b);
	mq_unlink(n2);
	return PTS_PASS;
}

int main(void)
{
	snprintf(n1, sizeof(n1), "/pts_mq_open7a_%d", (int)getpid());
	snprintf(n2, sizeof(n2), "/pts_mq_open7b_%d", (int)getpid());
	pts_run_child(child, "limit 0 child");
	pts_run_child(child2, "16 kB child");
	mq_unlink(n1);
	mq_unlink(n2);
	PTS_PASSED("RLIMIT_MSGQUEUE: EMFILE over it, charge released when the queue is gone");
}
