// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getparam() returns -1 on failure and stores nothing: [ESRCH]
 * for a pid that names no process (a reaped child, INT_MAX) and
 * [EINVAL] for a negative pid (Linux; -1 and INT_MIN). The param
 * structure keeps the value it held before each failed call, and a call
 * for the caller right after succeeds (0, priority 0 for SCHED_OTHER).
 */
#include "pts_gonepid.h"

static void expect_fail(pid_t pid, int e)
{
	struct sched_param sp = { .sched_priority = 4242 };
	char what[64];

	snprintf(what, sizeof(what), "sched_getparam(%d)", (int)pid);
	PTS_EXPECT_ERRNO(sched_getparam(pid, &sp), e, what);
	if (sp.sched_priority != 4242)
		PTS_FAILED("%s stored priority %d on failure", what, sp.sched_priority);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 4242 };
	pid_t gone[PTS_GONE_NPIDS];
	int i;

	pts_gone_pids(gone);
	for (i = 0; i < PTS_GONE_NPIDS; i++)
		expect_fail(gone[i], ESRCH);
	expect_fail(-1, EINVAL);
	expect_fail(INT_MIN, EINVAL);
	if (sched_getparam(0, &sp) || sp.sched_priority != 0)
		PTS_FAILED("sched_getparam(0): %m, priority %d", sp.sched_priority);
	PTS_PASSED("-1 with ESRCH/EINVAL, param untouched");
}
