// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): returns zero on success. Exactly 0 for messages of 0
 * and mq_msgsize bytes, priorities 0 and MQ_PRIO_MAX - 1, deadlines an
 * hour ahead, at the Epoch and { LONG_MAX, 999999999 } (room is there,
 * so none expires); all four are queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl[] = {
		pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC),
		{ 0, 0 }, { LONG_MAX, 999999999 }, { 0, 0 },
	};
	mqd_t q = pts_mq_new(4, 32, 0);
	char msg[32];
	int r[4], i;

	memset(msg, 't', sizeof(msg));
	r[0] = mq_timedsend(q, msg, 0, 0, &dl[0]);
	r[1] = mq_timedsend(q, msg, 32, MQ_PRIO_MAX - 1, &dl[1]);
	r[2] = mq_timedsend(q, msg, 5, 3, &dl[2]);
	r[3] = mq_timedsend(q, msg, 1, 0, &dl[3]);
	for (i = 0; i < 4; i++)
		if (r[i] != 0)
			PTS_FAILED("send %d returned %d (%m), expected 0", i, r[i]);
	pts_mq_expect_count(q, 4, "four sends");
	PTS_PASSED("mq_timedsend() returned exactly 0 four times");
}
