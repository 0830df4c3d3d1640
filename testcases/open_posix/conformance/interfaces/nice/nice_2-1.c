// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nice(): "Upon successful completion, nice() shall return the new nice
 * value -{NZERO}"; -1 is a legitimate value, told from an error only by
 * errno ("the application shall set errno to 0 before calling nice()"):
 * a privileged process moving its nice value to -1 gets -1 with errno
 * still 0, and getpriority() reads -1. nice(0) returns the current
 * value and changes nothing; moving back up by one returns 0. Runs in a
 * child, whose nice value is its own.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static int child(void)
{
	int cur, r;

	errno = 0;
	cur = nice(0);
	if (cur == -1 && errno) {
		printf("nice(0): %m\n");
		return PTS_UNRESOLVED;
	}
	errno = 0;
	r = nice(-1 - cur);
	if (r == -1 && errno == EPERM) {
		printf("nice() may not lower the value here\n");
		return PTS_UNSUPPORTED;
	}
	if (r != -1 || errno != 0) {
		printf("nice(%d) from %d: %d, errno %s; expected -1 and errno 0\n",
		       -1 - cur, cur, r, errno ? strerrorname_np(errno) : "0");
		return PTS_FAIL;
	}
	errno = 0;
	if (getpriority(PRIO_PROCESS, 0) != -1 || errno) {
		printf("getpriority() after nice() to -1: %m\n");
		return PTS_FAIL;
	}
	errno = 0;
	if (nice(0) != -1 || errno) {
		printf("nice(0) at -1 did not return -1 with errno 0\n");
		return PTS_FAIL;
	}
	errno = 0;
	r = nice(1);
	if (r != 0 || errno || getpriority(PRIO_PROCESS, 0) != 0) {
		printf("nice(1) from -1: %d (%s)\n", r,
		       errno ? strerrorname_np(errno) : "errno 0");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "child changing its nice value");
	PTS_PASSED("-1 returned as a value with errno 0; nice(0) reads; +1 back to 0");
}
