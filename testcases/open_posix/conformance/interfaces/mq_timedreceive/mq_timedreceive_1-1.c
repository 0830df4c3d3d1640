// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedreceive()/mq_timedsend() on a blocking queue: an empty queue's
 * receive and a full queue's send end at the absolute CLOCK_REALTIME
 * timeout with [ETIMEDOUT], no earlier; a tv_nsec outside [0, 1e9) fails
 * with [EINVAL] when the call would block; "the validity of the
 * abs_timeout parameter need not be checked when ... the queue is not
 * empty/full": such calls succeed with a past deadline.
 */
#include <mqueue.h>

#include "pts_helpers.h"

int main(void)
{
	struct mq_attr at = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	struct timespec dl, bad = { 0, 1000000000 }, past = { 1, 0 };
	char name[64], buf[8] = "m";
	long long now;
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_timed_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &at);
	mq_unlink(name);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	dl = pts_deadline(CLOCK_REALTIME, 100000000);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &dl), ETIMEDOUT,
			 "mq_timedreceive(empty)");
	now = pts_now(CLOCK_REALTIME);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("receive timed out %lld ns early", pts_ts_ns(&dl) - now);
	PTS_EXPECT_ERRNO(mq_timedreceive(q, buf, 8, NULL, &bad), EINVAL,
			 "mq_timedreceive(tv_nsec 1e9)");
	if (mq_timedsend(q, buf, 1, 0, &past))
		PTS_FAILED("send to a non-full queue with a past deadline: %m");
	dl = pts_deadline(CLOCK_REALTIME, 100000000);
	PTS_EXPECT_ERRNO(mq_timedsend(q, buf, 1, 0, &dl), ETIMEDOUT,
			 "mq_timedsend(full)");
	now = pts_now(CLOCK_REALTIME);
	if (now < pts_ts_ns(&dl))
		PTS_FAILED("send timed out %lld ns early", pts_ts_ns(&dl) - now);
	PTS_EXPECT_ERRNO(mq_timedsend(q, buf, 1, 0, &bad), EINVAL,
			 "mq_timedsend(tv_nsec 1e9)");
	if (mq_timedreceive(q, buf, 8, NULL, &past) != 1)
		PTS_FAILED("receive from a non-empty queue, past deadline: %m");
	PTS_PASSED("ETIMEDOUT after the deadline, EINVAL, no check when ready");
}
