// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive() [EINVAL]: the call would block and abs_timeout has
 * a tv_nsec below 0 or at least 1000 million. On an empty queue
 * tv_nsec -1, 1e9, LONG_MIN and LONG_MAX with tv_sec an hour ahead fail
 * with EINVAL at once (a 2 s alarm would kill a blocked test);
 * 999999999 and 0 are valid (a passed deadline times out).
 */
#include "pts_mqsem.h"

int main(void)
{
	static const long nsec[] = { -1, PTS_NSEC, LONG_MIN, LONG_MAX };
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	mqd_t q = pts_mq_new(1, 8, 0);
	char buf[8];
	int i;

	alarm(2 * pts_timeout_mul() + 1);
	for (i = 0; i < 4; i++) {
		dl.tv_nsec = nsec[i];
		PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), EINVAL,
				 "bad tv_nsec, empty queue");
	}
	dl.tv_sec = 2;
	dl.tv_nsec = 999999999;
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), ETIMEDOUT,
			 "tv_nsec 999999999, passed");
	dl.tv_nsec = 0;
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), ETIMEDOUT,
			 "tv_nsec 0, passed");
	alarm(0);
	PTS_PASSED("EINVAL for four bad tv_nsec values, the edges valid");
}
