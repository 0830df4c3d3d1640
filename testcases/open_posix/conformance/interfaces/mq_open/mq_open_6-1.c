// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() fails with [EMFILE] when the process has RLIMIT_NOFILE
 * descriptors open, and then creates nothing: with O_CREAT the name
 * stays free (mq_unlink() [ENOENT]; a later O_CREAT | O_EXCL open
 * succeeds). Linux reserves the descriptor before it looks the name up
 * (do_mq_open()), so nothing is made for a call that cannot return one.
 * Once one descriptor is closed, the queue opens on exactly that
 * descriptor number (the lowest free one).
 */
#include <mqueue.h>

#include "pts_fdtable.h"
#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[64];
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_open6_%d", (int)getpid());
	mq_unlink(name);
	pts_fill_fd_table(16);
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EMFILE,
			 "mq_open(O_CREAT) with no free descriptor");
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL),
			 EMFILE, "mq_open(O_CREAT | O_EXCL) with no free descriptor");
	PTS_EXPECT_ERRNO(mq_unlink(name), ENOENT,
			 "mq_unlink() of the name a failed mq_open() got");
	close(9);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_FAILED("mq_open(O_CREAT | O_EXCL) with one free descriptor: %m");
	mq_unlink(name);
	if ((int)q != 9)
		PTS_FAILED("the queue got descriptor %d, the free one was 9", (int)q);
	if (mq_getattr(q, &at) || at.mq_maxmsg != 2 || at.mq_msgsize != 16)
		PTS_FAILED("the new queue's attributes: %m");
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EMFILE,
			 "mq_open() with the table full again");
	PTS_PASSED("EMFILE at RLIMIT_NOFILE creates nothing; the lowest free descriptor used");
}
