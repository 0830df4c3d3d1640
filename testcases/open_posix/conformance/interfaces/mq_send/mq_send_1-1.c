// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_send()/mq_receive(): "the message shall be inserted into the queue
 * at the position indicated by the msg_prio argument ... after other
 * messages in the queue with equal msg_prio", and mq_receive() takes
 * "the oldest of the highest priority messages". Six messages of
 * priorities 1, 5, 1, 0, 5, MQ_PRIO_MAX - 1 come out as MAX-1, 5, 5, 1,
 * 1, 0 in send order within a priority, with their lengths and the
 * priority reported; priority MQ_PRIO_MAX fails with [EINVAL].
 */
#include <limits.h>
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 8, .mq_msgsize = 32 };
	static const unsigned int prio[] = { 1, 5, 1, 0, 5, MQ_PRIO_MAX - 1 };
	static const int order[] = { 5, 1, 4, 0, 2, 3 };
	char name[64], buf[32], want[32];
	unsigned int p;
	ssize_t n;
	mqd_t q;
	int i;

	snprintf(name, sizeof(name), "/pts_mq_send_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	mq_unlink(name);
	for (i = 0; i < 6; i++) {
		snprintf(buf, sizeof(buf), "message %d%.*s", i, i, "xxxxxx");
		if (mq_send(q, buf, strlen(buf), prio[i]))
			PTS_FAILED("mq_send(%d): %m", i);
	}
	PTS_EXPECT_ERRNO(mq_send(q, "x", 1, MQ_PRIO_MAX), EINVAL,
			 "mq_send(prio MQ_PRIO_MAX)");
	for (i = 0; i < 6; i++) {
		n = mq_receive(q, buf, sizeof(buf), &p);
		snprintf(want, sizeof(want), "message %d%.*s", order[i], order[i],
			 "xxxxxx");
		if (n != (ssize_t)strlen(want) || memcmp(buf, want, n) ||
		    p != prio[order[i]])
			PTS_FAILED("receive %d: %zd bytes prio %u, expected \"%s\" prio %u",
				   i, n, p, want, prio[order[i]]);
	}
	PTS_PASSED("priority order, FIFO within a priority, EINVAL");
}
