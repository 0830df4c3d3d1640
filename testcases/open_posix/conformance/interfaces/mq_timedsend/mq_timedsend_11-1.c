// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [EBADF]: mqdes is not a valid message queue descriptor
 * open for writing. -1, INT_MAX, a closed queue descriptor, a pipe's
 * descriptor and an O_RDONLY queue descriptor fail with EBADF, with a
 * valid deadline an hour ahead; the O_RDONLY one's queue stays empty.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 4 };
	mqd_t bad[PTS_BAD_MQDS], ro, q;
	const char *what[PTS_BAD_MQDS];
	char name[64];
	int i;

	pts_bad_mqds(bad, what);
	for (i = 0; i < PTS_BAD_MQDS; i++)
		PTS_EXPECT_ERRNO(mq_timedsend(bad[i], "z", 1, 0, &dl), EBADF, what[i]);
	pts_ipc_name(name, sizeof(name), "mqts11");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	ro = mq_open(name, O_RDONLY);
	mq_unlink(name);
	if (q == (mqd_t)-1 || ro == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	PTS_EXPECT_ERRNO(mq_timedsend(ro, "z", 1, 0, &dl), EBADF, "O_RDONLY descriptor");
	pts_mq_expect_count(q, 0, "after EBADF");
	PTS_PASSED("EBADF for five descriptors not open for writing");
}
