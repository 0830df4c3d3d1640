// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() [EBADF]: mqdes is not a valid message queue
 * descriptor open for reading. -1, INT_MAX, a closed queue descriptor,
 * a pipe's descriptor and an O_WRONLY queue descriptor (its queue
 * holding a message) fail with EBADF; the message is still queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	mqd_t bad[PTS_BAD_MQDS], wo, q;
	const char *what[PTS_BAD_MQDS];
	char name[64], buf[8];
	int i;

	pts_bad_mqds(bad, what);
	for (i = 0; i < PTS_BAD_MQDS; i++)
		PTS_EXPECT_ERRNO(mq_timedreceive(bad[i], buf, 8, NULL, &dl), EBADF,
				 what[i]);
	pts_ipc_name(name, sizeof(name), "mqtr14");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	wo = mq_open(name, O_WRONLY);
	mq_unlink(name);
	if (q == (mqd_t)-1 || wo == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "stay", 4, 1))
		PTS_UNRES("mq_send(): %m");
	PTS_EXPECT_ERRNO(mq_timedreceive(wo, buf, 8, NULL, &dl), EBADF,
			 "O_WRONLY descriptor");
	pts_mq_expect_msg(q, "stay", 4, 1, "the message after EBADF");
	PTS_PASSED("EBADF for five descriptors not open for reading");
}
