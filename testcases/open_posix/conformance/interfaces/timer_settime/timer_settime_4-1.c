// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime(): [EINVAL] "A value structure specified a nanosecond
 * value less than zero or greater than or equal to 1000 million, and the
 * it_value member of that structure did not specify zero seconds and
 * nanoseconds." Checked for it_value and it_interval, and for an
 * invalid timer ID (a deleted timer). Flags other than TIMER_ABSTIME do
 * not matter; the failed calls leave the timer disarmed.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec its, cur;
	timer_t t, dead;

	if (timer_create(CLOCK_MONOTONIC, &sev, &t) ||
	    timer_create(CLOCK_MONOTONIC, &sev, &dead) || timer_delete(dead))
		PTS_UNRES("timer_create(): %m");
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = 1;
	its.it_value.tv_nsec = 1000000000;
	PTS_EXPECT_ERRNO(timer_settime(t, 0, &its, NULL), EINVAL,
			 "it_value.tv_nsec = 1e9");
	its.it_value.tv_nsec = -1;
	PTS_EXPECT_ERRNO(timer_settime(t, 0, &its, NULL), EINVAL,
			 "it_value.tv_nsec = -1");
	its.it_value.tv_nsec = 0;
	its.it_interval.tv_nsec = 1000000000;
	PTS_EXPECT_ERRNO(timer_settime(t, 0, &its, NULL), EINVAL,
			 "it_interval.tv_nsec = 1e9");
	timer_gettime(t, &cur);
	if (pts_ts_ns(&cur.it_value))
		PTS_FAILED("a failed timer_settime() armed the timer");
	its.it_interval.tv_nsec = 0;
	PTS_EXPECT_ERRNO(timer_settime(dead, 0, &its, NULL), EINVAL,
			 "timer_settime(deleted timer)");
	PTS_EXPECT_ERRNO(timer_gettime(dead, &cur), EINVAL,
			 "timer_gettime(deleted timer)");
	PTS_EXPECT_ERRNO(timer_delete(dead), EINVAL, "timer_delete(deleted)");
	PTS_PASSED("EINVAL for bad nanoseconds and for a deleted timer");
}
