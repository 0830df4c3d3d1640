// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_timedsend(): if abs_timeout has already passed when the call is
 * made, the timeout expires at once. On a full queue, deadlines of one
 * nanosecond ago, one second ago and the Epoch each give [ETIMEDOUT]
 * without waiting (all three within a 2 s alarm that would kill a
 * blocked test), nothing queued.
 */
#include "pts_mqsem.h"

int main(void)
{
	struct timespec dl[3] = {
		pts_deadline(CLOCK_REALTIME, -1),
		pts_deadline(CLOCK_REALTIME, -PTS_NSEC),
		{ 0, 0 },
	};
	mqd_t q = pts_mq_new(2, 4, 0);
	int i;

	pts_mq_fill(q);
	alarm(2 * pts_timeout_mul() + 1);
	for (i = 0; i < 3; i++)
		PTS_EXPECT_ERRNO(mq_timedsend(q, "x", 1, 9, &dl[i]), ETIMEDOUT,
				 "passed deadline");
	alarm(0);
	pts_mq_expect_count(q, 2, "after ETIMEDOUT");
	pts_mq_expect_msg(q, "a", 1, 1, "1st");
	PTS_PASSED("ETIMEDOUT at once for three passed deadlines");
}
