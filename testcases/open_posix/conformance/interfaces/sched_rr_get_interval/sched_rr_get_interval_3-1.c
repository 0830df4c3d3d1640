// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_rr_get_interval() returns -1 on failure and leaves the interval
 * as it was: [ESRCH] for a pid that names no process (a reaped child,
 * INT_MAX) and [EINVAL] for a negative pid (Linux; -1 and INT_MIN). The
 * same call for the caller succeeds (0) and stores a time in range.
 */
#include "pts_gonepid.h"

static void expect_fail(pid_t pid, int e)
{
	struct timespec ts = { 77, 88 };
	char what[64];

	snprintf(what, sizeof(what), "sched_rr_get_interval(%d)", (int)pid);
	PTS_EXPECT_ERRNO(sched_rr_get_interval(pid, &ts), e, what);
	if (ts.tv_sec != 77 || ts.tv_nsec != 88)
		PTS_FAILED("%s stored %ld.%09ld on failure", what, (long)ts.tv_sec,
			   ts.tv_nsec);
}

int main(void)
{
	struct timespec ts = { 77, 88 };
	pid_t gone[PTS_GONE_NPIDS];
	int i;

	pts_gone_pids(gone);
	for (i = 0; i < PTS_GONE_NPIDS; i++)
		expect_fail(gone[i], ESRCH);
	expect_fail(-1, EINVAL);
	expect_fail(INT_MIN, EINVAL);
	if (sched_rr_get_interval(0, &ts) || ts.tv_sec < 0 || ts.tv_nsec < 0 ||
	    ts.tv_nsec >= PTS_NSEC)
		PTS_FAILED("sched_rr_get_interval(0): %m, %ld.%09ld", (long)ts.tv_sec,
			   ts.tv_nsec);
	PTS_PASSED("-1 with ESRCH/EINVAL, interval untouched");
}
