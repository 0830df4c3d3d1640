// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): [EINVAL] "The timeout argument specified a tv_nsec
 * value less than zero or greater than or equal to 1000 million". Linux
 * checks the timespec before looking at pending signals, so both bad
 * values fail with EINVAL when nothing is pending; a negative tv_sec is
 * also refused.
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec big = { 0, 1000000000 }, neg = { 0, -1 },
			negsec = { -1, 0 };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &big), EINVAL,
			 "sigtimedwait(tv_nsec 1e9)");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &neg), EINVAL,
			 "sigtimedwait(tv_nsec -1)");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &negsec), EINVAL,
			 "sigtimedwait(tv_sec -1)");
	PTS_PASSED("EINVAL for tv_nsec out of [0, 1e9) and negative tv_sec");
}
