// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam(): changes the priority within the current policy (a
 * SCHED_FIFO child goes from 10 to 20, read back with sched_getparam()),
 * the policy unchanged; [EINVAL] for a priority outside the policy's
 * range (0 and 100 for SCHED_FIFO, 1 for SCHED_OTHER); [ESRCH] for a pid
 * with no process, for sched_getparam() too.
 */
#include <sched.h>

#include "pts_helpers.h"

static int child(void)
{
	struct sched_param p = { .sched_priority = 10 }, got;
	int status;
	pid_t pid;

	if (sched_setscheduler(0, SCHED_FIFO, &p) == -1)
		PTS_UNRES("sched_setscheduler(SCHED_FIFO): %m");
	p.sched_priority = 20;
	if (sched_setparam(0, &p))
		PTS_FAILED("sched_setparam(20): %m");
	if (sched_getparam(0, &got) || got.sched_priority != 20)
		PTS_FAILED("priority read back %d", got.sched_priority);
	if (sched_getscheduler(0) != SCHED_FIFO)
		PTS_FAILED("sched_setparam() changed the policy");
	p.sched_priority = 0;
	PTS_EXPECT_ERRNO(sched_setparam(0, &p), EINVAL, "FIFO priority 0");
	p.sched_priority = 100;
	PTS_EXPECT_ERRNO(sched_setparam(0, &p), EINVAL, "FIFO priority 100");
	sched_getparam(0, &got);
	if (got.sched_priority != 20)
		PTS_FAILED("a failed call changed the priority");
	p.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &p);
	p.sched_priority = 1;
	PTS_EXPECT_ERRNO(sched_setparam(0, &p), EINVAL, "SCHED_OTHER priority 1");
	pid = fork();
	if (!pid)
		_exit(0);
	waitpid(pid, &status, 0);
	PTS_EXPECT_ERRNO(sched_setparam(pid, &p), ESRCH, "sched_setparam(reaped)");
	PTS_EXPECT_ERRNO(sched_getparam(pid, &got), ESRCH, "sched_getparam(reaped)");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "scheduling child");
	PTS_PASSED("priority changed within the policy, EINVAL and ESRCH");
}
