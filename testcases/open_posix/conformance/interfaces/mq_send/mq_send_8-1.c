// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send(): returns zero on success. The return value is exactly 0
 * (not a length or a count) for a 0-byte message, a 1-byte one, one of
 * mq_msgsize bytes, priority 0 and MQ_PRIO_MAX - 1, through O_WRONLY
 * and O_RDWR descriptors, blocking and not; each message is queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 6, .mq_msgsize = 50 };
	char name[64], msg[50];
	mqd_t q, w;
	int r[6], i;

	memset(msg, 'm', sizeof(msg));
	pts_ipc_name(name, sizeof(name), "mqs8");
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	w = mq_open(name, O_WRONLY | O_NONBLOCK);
	mq_unlink(name);
	if (q == (mqd_t)-1 || w == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	r[0] = mq_send(q, msg, 0, 0);
	r[1] = mq_send(q, msg, 1, 1);
	r[2] = mq_send(q, msg, 50, 2);
	r[3] = mq_send(w, msg, 50, MQ_PRIO_MAX - 1);
	r[4] = mq_send(w, msg, 0, 0);
	r[5] = mq_send(w, msg, 3, 7);
	for (i = 0; i < 6; i++)
		if (r[i] != 0)
			PTS_FAILED("send %d returned %d (%m), expected 0", i, r[i]);
	pts_mq_expect_count(q, 6, "six sends");
	PTS_PASSED("mq_send() returned exactly 0 six times");
}
