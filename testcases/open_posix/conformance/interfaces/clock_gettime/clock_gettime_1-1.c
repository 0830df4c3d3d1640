// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_gettime()/clock_getres(): CLOCK_MONOTONIC never goes backwards
 * (10000 consecutive reads), every supported clock reports a resolution
 * in (0, 1 s) with tv_nsec in range, a CPU-time clock of the thread
 * advances while it spins, and an unknown clock ID fails with [EINVAL]
 * for both calls.
 */
#include "pts_helpers.h"

int main(void)
{
	static const clockid_t ids[] = { CLOCK_REALTIME, CLOCK_MONOTONIC,
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID };
	struct timespec ts;
	long long prev, now, c0;
	unsigned int i;

	prev = pts_now(CLOCK_MONOTONIC);
	for (i = 0; i < 10000; i++) {
		now = pts_now(CLOCK_MONOTONIC);
		if (now < prev)
			PTS_FAILED("CLOCK_MONOTONIC went back by %lld ns", prev - now);
		prev = now;
	}
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		if (clock_getres(ids[i], &ts))
			PTS_FAILED("clock_getres(%d): %m", (int)ids[i]);
		if (ts.tv_sec || ts.tv_nsec <= 0 || ts.tv_nsec >= PTS_NSEC)
			PTS_FAILED("clock %d resolution %lld.%09ld", (int)ids[i],
				   (long long)ts.tv_sec, ts.tv_nsec);
		if (clock_gettime(ids[i], &ts) || ts.tv_nsec < 0 ||
		    ts.tv_nsec >= PTS_NSEC)
			PTS_FAILED("clock_gettime(%d): %m or tv_nsec %ld", (int)ids[i],
				   ts.tv_nsec);
	}
	c0 = pts_now(CLOCK_THREAD_CPUTIME_ID);
	while (pts_now(CLOCK_THREAD_CPUTIME_ID) - c0 < 5000000)
		;
	PTS_EXPECT_ERRNO(clock_gettime((clockid_t)1000, &ts), EINVAL,
			 "clock_gettime(1000)");
	PTS_EXPECT_ERRNO(clock_getres((clockid_t)1000, &ts), EINVAL,
			 "clock_getres(1000)");
	PTS_PASSED("monotonic, resolutions in range, EINVAL for a bad clock");
}
