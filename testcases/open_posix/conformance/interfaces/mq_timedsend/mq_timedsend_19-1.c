// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend() [EINVAL]: the queue was full and abs_timeout has a
 * tv_nsec below 0 or at least 1000 million. -1, 1e9 and LONG_MAX, with
 * tv_sec an hour ahead, fail with EINVAL at once (a 2 s alarm would
 * kill a blocked test); 999999999 is valid and times out
 * ([ETIMEDOUT], tv_sec in the past). Nothing is queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	static const long nsec[] = { -1, PTS_NSEC, LONG_MAX };
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t q = pts_mq_new(1, 4, 0);
	int i;

	pts_mq_fill(q);
	alarm(2 * pts_timeout_mul() + 1);
	for (i = 0; i < 3; i++) {
		dl.tv_nsec = nsec[i];
		PTS_EXPECT_ERRNO(mq_timedsend(q, "x", 1, 0, &dl), EINVAL,
				 "bad tv_nsec, full queue");
	}
	dl.tv_sec = 1;
	dl.tv_nsec = 999999999;
	PTS_EXPECT_ERRNO(mq_timedsend(q, "x", 1, 0, &dl), ETIMEDOUT,
			 "tv_nsec 999999999, passed");
	alarm(0);
	pts_mq_expect_count(q, 1, "after EINVAL");
	PTS_PASSED("EINVAL for tv_nsec -1, 1e9, LONG_MAX on a full queue");
}
