// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * alarm(): returns the seconds remaining of a previous alarm (rounded,
 * never 0 for a pending one), "if seconds is 0, a pending alarm request,
 * if any, is canceled", and a new alarm() replaces the previous one. An
 * alarm of 1 s delivers SIGALRM no earlier than 1 s after the call (read
 * on CLOCK_MONOTONIC), once. Large values (INT_MAX, UINT_MAX / 4) are
 * kept intact: alarm(0) right after returns them.
 */
#include <limits.h>

#include "pts_helpers.h"

int main(void)
{
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	unsigned int left;
	long long t0, t1;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (alarm(0))
		PTS_UNRES("an alarm was pending at start");
	alarm(100);
	left = alarm(50);
	if (left < 99 || left > 100)
		PTS_FAILED("alarm(50) after alarm(100) returned %u", left);
	left = alarm(0);
	if (left < 49 || left > 50)
		PTS_FAILED("alarm(0) returned %u, expected about 50", left);
	if (alarm(0))
		PTS_FAILED("alarm(0) did not cancel the alarm");
	alarm(INT_MAX);
	left = alarm(0);
	if (left != INT_MAX)
		PTS_FAILED("alarm(INT_MAX) then alarm(0) returned %u", left);
	alarm(UINT_MAX / 4);
	left = alarm(0);
	if (left != UINT_MAX / 4)
		PTS_FAILED("alarm(UINT_MAX / 4) then alarm(0) returned %u", left);
	t0 = pts_now(CLOCK_MONOTONIC);
	alarm(1);
	if (sigtimedwait(&set, NULL, &lim) != SIGALRM)
		PTS_FAILED("no SIGALRM: %m");
	t1 = pts_now(CLOCK_MONOTONIC);
	if (t1 - t0 < PTS_NSEC)
		PTS_FAILED("SIGALRM after %lld ns, before 1 s", t1 - t0);
	if (alarm(0))
		PTS_FAILED("the expired alarm is still pending");
	PTS_PASSED("alarm() remaining times, cancel, and expiry after %lld ns",
		   t1 - t0);
}
