// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Alarms are not inherited by a child of fork() (XSH fork: alarms are
 * cleared for the child). With alarm(100) pending in the parent, the
 * child's alarm(0) returns 0; the child then sets alarm(50), which does
 * not touch the parent: after reaping it, the parent's alarm(0) returns
 * 100 less the seconds passed (rounded), not 50.
 */
#include "pts_helpers.h"

static int child(void)
{
	unsigned int left = alarm(0);

	if (left)
		PTS_FAILED("child: alarm(0) returned %u, expected 0 (no alarm inherited)",
			   left);
	alarm(50);
	return PTS_PASS;
}

int main(void)
{
	long long t0 = pts_now(CLOCK_MONOTONIC), passed;
	unsigned int left;

	alarm(100);
	pts_run_child(child, "child");
	left = alarm(0);
	passed = (pts_now(CLOCK_MONOTONIC) - t0) / PTS_NSEC;
	if (left > 100 || (long long)left < 100 - passed - 1)
		PTS_FAILED("parent's alarm after the child's: %u s left, expected %lld..100",
			   left, 100 - passed - 1);
	PTS_PASSED("no alarm in the child; the parent's kept (%u s left)", left);
}
