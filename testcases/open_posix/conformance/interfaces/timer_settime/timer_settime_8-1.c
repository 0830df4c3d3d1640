// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() [EINVAL] is for "a nanosecond value less than zero or
 * greater than or equal to 1000 million, and the it_value member of that
 * structure did not specify zero seconds and nanoseconds": a request
 * with it_value zero disarms the timer whatever it_interval holds, so a
 * disarming call with it_interval.tv_nsec 1e9 (and -1) must succeed and
 * leave the armed timer disarmed (time left 0, the old setting in
 * ovalue). Linux validates it_interval first and fails with [EINVAL]
 * (do_timer_settime(): timespec64_valid() of both members): reported as
 * a known issue when the timer is then still armed as before, TCONF,
 * never a pass; any other result fails.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec arm = { .it_value = { 100, 0 },
				  .it_interval = { 3, 0 } };
	const long bad[] = { 1000000000, -1 };
	struct itimerspec off, old, cur;
	int einval = 0;
	unsigned int i;
	timer_t t;

	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (timer_settime(t, 0, &arm, NULL))
			PTS_UNRES("timer_settime(100 s): %m");
		memset(&off, 0, sizeof(off));
		off.it_interval.tv_nsec = bad[i];
		memset(&old, 0, sizeof(old));
		errno = 0;
		if (timer_settime(t, 0, &off, &old) == 0) {
			if (timer_gettime(t, &cur))
				PTS_FAILED("timer_gettime(): %m");
			if (cur.it_value.tv_sec || cur.it_value.tv_nsec)
				PTS_FAILED("it_interval.tv_nsec %ld: 0 returned, but %lld ns still left",
					   bad[i], pts_ts_ns(&cur.it_value));
			if (old.it_interval.tv_sec != 3 ||
			    old.it_value.tv_sec > 100 || old.it_value.tv_sec < 90)
				PTS_FAILED("ovalue %lld/%lld ns, expected the 100 s / 3 s setting",
					   pts_ts_ns(&old.it_value),
					   pts_ts_ns(&old.it_interval));
			printf("it_interval.tv_nsec %ld with it_value 0: disarmed\n",
			       bad[i]);
			continue;
		}
		if (errno != EINVAL)
			PTS_FAILED("it_interval.tv_nsec %ld with it_value 0: %s",
				   bad[i], strerrorname_np(errno));
		/* refused: the timer must be exactly as it was */
		if (timer_gettime(t, &cur))
			PTS_FAILED("timer_gettime(): %m");
		if (cur.it_interval.tv_sec != 3 || cur.it_interval.tv_nsec ||
		    cur.it_value.tv_sec < 90 || cur.it_value.tv_sec > 99)
			PTS_FAILED("EINVAL, yet the setting changed: %lld/%lld ns",
				   pts_ts_ns(&cur.it_value),
				   pts_ts_ns(&cur.it_interval));
		printf("it_interval.tv_nsec %ld with it_value 0: EINVAL, timer still armed\n",
		       bad[i]);
		einval++;
	}
	if (einval)
		PTS_KNOWN_ISSUE("timer_settime EINVAL with it_value zero",
				"disarming with an out-of-range it_interval fails with EINVAL");
	PTS_PASSED("it_value zero disarms whatever it_interval holds");
}
