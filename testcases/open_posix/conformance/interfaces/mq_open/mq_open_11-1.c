// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): O_CREAT on the name of an existing queue "has no effect"
 * beyond opening it. Even an attr that would be refused at creation
 * (mq_maxmsg 0, mq_msgsize -1) does not make it fail: Linux validates
 * attr only when it creates. The queue keeps its 3 x 16 geometry, its
 * two messages (read back in order through the new descriptor) and its
 * mode 0600, though mode 0666 was asked.
 */
#include <sys/stat.h>

#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 3, .mq_msgsize = 16 }, bad, got;
	struct stat st;
	char name[64];
	mqd_t q, q2;

	pts_ipc_name(name, sizeof(name), "mqo11");
	umask(0);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "one", 3, 1) || mq_send(q, "two", 3, 1))
		PTS_UNRES("mq_send(): %m");
	bad.mq_maxmsg = 0;
	bad.mq_msgsize = -1;
	q2 = mq_open(name, O_RDWR | O_CREAT, 0666, &bad);
	mq_unlink(name);
	if (q2 == (mqd_t)-1)
		PTS_FAILED("O_CREAT on the existing queue: %m");
	if (mq_getattr(q2, &got) || got.mq_maxmsg != 3 || got.mq_msgsize != 16 ||
	    got.mq_curmsgs != 2)
		PTS_FAILED("geometry %ld x %ld with %ld messages, expected 3 x 16 with 2",
			   got.mq_maxmsg, got.mq_msgsize, got.mq_curmsgs);
	if (fstat(q2, &st))
		PTS_UNRES("fstat(): %m");
	if ((st.st_mode & 07777) != 0600)
		PTS_FAILED("mode %04o, expected 0600", st.st_mode & 07777);
	pts_mq_expect_msg(q2, "one", 3, 1, "first");
	pts_mq_expect_msg(q2, "two", 3, 1, "second");
	PTS_PASSED("O_CREAT on an existing queue: attr and mode ignored, contents kept");
}
