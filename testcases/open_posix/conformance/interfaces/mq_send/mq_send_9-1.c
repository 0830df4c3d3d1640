// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send(): on failure it returns -1, sets errno and queues nothing.
 * On a queue holding one message, failures for four reasons (EMSGSIZE,
 * EINVAL priority, EBADF through an O_RDONLY descriptor, EAGAIN once
 * full) each return -1 with their errno; mq_curmsgs does not move and
 * only the messages that were accepted are received.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 4 };
	char name[64];
	mqd_t q, r;

	pts_ipc_name(name, sizeof(name), "mqs9");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK, 0600, &at);
	r = mq_open(name, O_RDONLY | O_NONBLOCK);
	mq_unlink(name);
	if (q == (mqd_t)-1 || r == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	if (mq_send(q, "one", 3, 0))
		PTS_UNRES("mq_send(): %m");
	PTS_EXPECT_ERRNO(mq_send(q, "12345", 5, 9), EMSGSIZE, "5 bytes");
	pts_mq_expect_count(q, 1, "after EMSGSIZE");
	PTS_EXPECT_ERRNO(mq_send(q, "bad", 3, MQ_PRIO_MAX), EINVAL, "MQ_PRIO_MAX");
	pts_mq_expect_count(q, 1, "after EINVAL");
	PTS_EXPECT_ERRNO(mq_send(r, "ro", 2, 9), EBADF, "O_RDONLY descriptor");
	pts_mq_expect_count(q, 1, "after EBADF");
	if (mq_send(q, "two", 3, 0))
		PTS_UNRES("mq_send(): %m");
	PTS_EXPECT_ERRNO(mq_send(q, "ful", 3, 9), EAGAIN, "full queue");
	pts_mq_expect_count(q, 2, "after EAGAIN");
	pts_mq_expect_msg(q, "one", 3, 0, "1st");
	pts_mq_expect_msg(q, "two", 3, 0, "2nd");
	PTS_PASSED("-1 with errno, nothing queued, for four failures");
}
