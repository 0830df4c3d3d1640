// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): on success it returns a message queue descriptor. Three
 * opens of one name return three distinct descriptors, none -1; each
 * answers mq_getattr() with the queue's geometry, a message sent
 * through one is received through another, and after closing two the
 * third still works (descriptors, not one shared handle).
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 4, .mq_msgsize = 12 }, got;
	char name[64];
	mqd_t q[3];
	int i;

	pts_ipc_name(name, sizeof(name), "mqo20");
	q[0] = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	q[1] = mq_open(name, O_WRONLY);
	q[2] = mq_open(name, O_RDONLY);
	mq_unlink(name);
	for (i = 0; i < 3; i++) {
		if (q[i] == (mqd_t)-1)
			PTS_FAILED("open %d returned -1: %m", i);
		if (mq_getattr(q[i], &got) || got.mq_maxmsg != 4 ||
		    got.mq_msgsize != 12)
			PTS_FAILED("descriptor %d: mq_getattr() %ld x %ld", i,
				   got.mq_maxmsg, got.mq_msgsize);
	}
	if (q[0] == q[1] || q[1] == q[2] || q[0] == q[2])
		PTS_FAILED("descriptors not distinct: %d %d %d", (int)q[0],
			   (int)q[1], (int)q[2]);
	if (mq_send(q[1], "via 1", 5, 2))
		PTS_FAILED("send through the O_WRONLY descriptor: %m");
	if (mq_close(q[0]) || mq_close(q[1]))
		PTS_FAILED("mq_close(): %m");
	pts_mq_expect_msg(q[2], "via 1", 5, 2, "through the O_RDONLY descriptor");
	PTS_PASSED("three distinct working descriptors");
}
