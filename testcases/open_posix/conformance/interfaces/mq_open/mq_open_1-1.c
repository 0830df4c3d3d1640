// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): with O_CREAT and an attr the queue gets mq_maxmsg and
 * mq_msgsize as given (read back with mq_getattr(), mq_curmsgs 0, and
 * O_NONBLOCK reported as opened); O_CREAT | O_EXCL on an existing name
 * fails with [EEXIST]; a missing name without O_CREAT with [ENOENT]; a
 * name without the leading slash with [EINVAL] (glibc); mq_maxmsg or
 * mq_msgsize of 0 or negative with [EINVAL].
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 64 }, got;
	char name[64];
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_open_%d", (int)getpid());
	mq_unlink(name);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_FAILED("mq_open(O_CREAT): %m");
	if (mq_getattr(q, &got))
		PTS_FAILED("mq_getattr(): %m");
	if (got.mq_maxmsg != 4 || got.mq_msgsize != 64 || got.mq_curmsgs ||
	    !(got.mq_flags & O_NONBLOCK))
		PTS_FAILED("attributes %ld/%ld/%ld/%#lx", got.mq_maxmsg,
			   got.mq_msgsize, got.mq_curmsgs, got.mq_flags);
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at),
			 EEXIST, "O_EXCL on an existing queue");
	mq_close(q);
	mq_unlink(name);
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR), ENOENT, "missing queue");
	PTS_EXPECT_ERRNO(mq_open("pts_noslash", O_RDWR | O_CREAT, 0600, &at),
			 EINVAL, "name without a leading slash");
	at.mq_maxmsg = 0;
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EINVAL,
			 "mq_maxmsg 0");
	at.mq_maxmsg = -1;
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EINVAL,
			 "mq_maxmsg -1");
	at.mq_maxmsg = 4;
	at.mq_msgsize = 0;
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT, 0600, &at), EINVAL,
			 "mq_msgsize 0");
	PTS_PASSED("attributes honoured, EEXIST, ENOENT, EINVAL");
}
