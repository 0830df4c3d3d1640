// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(): "Upon successful completion, the function shall
 * return the former scheduling policy of the specified process." Linux
 * returns 0 instead (documented in its man page): a known deviation,
 * reported as TCONF (PTS_UNTESTED) when seen, so that a change either way
 * shows. A child at SCHED_RR is moved to SCHED_FIFO; POSIX expects the
 * return value SCHED_RR.
 */
#include <sched.h>

#include "pts_helpers.h"

static int child(void)
{
	struct sched_param p = { .sched_priority = 3 };
	int r;

	if (sched_setscheduler(0, SCHED_RR, &p) == -1)
		PTS_UNRES("sched_setscheduler(SCHED_RR): %m");
	r = sched_setscheduler(0, SCHED_FIFO, &p);
	if (r == -1)
		PTS_FAILED("sched_setscheduler(SCHED_FIFO): %m");
	if (sched_getscheduler(0) != SCHED_FIFO)
		PTS_FAILED("the policy was not changed");
	if (r == 0)
		PTS_KNOWN_ISSUE("sched_setscheduler return value",
				"returned 0, not the former policy SCHED_RR (%d)",
				SCHED_RR);
	if (r != SCHED_RR)
		PTS_FAILED("returned %d, expected the former policy %d", r,
			   SCHED_RR);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "scheduling child");
	PTS_PASSED("sched_setscheduler() returned the former policy");
}
