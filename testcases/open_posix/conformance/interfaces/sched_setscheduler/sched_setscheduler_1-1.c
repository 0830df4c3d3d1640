// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(): sets the policy and priority of the process,
 * read back with sched_getscheduler() and sched_getparam(), also for
 * another process (a child); [EINVAL] for a priority outside the
 * policy's range and for an unknown policy, the old setting kept; [ESRCH]
 * for a pid with no process. Run in a child so the test's own policy is
 * never changed.
 */
#include <sched.h>

#include "pts_helpers.h"

static int child(void)
{
	struct sched_param p = { .sched_priority = 5 }, got;
	pid_t pid;
	int status;

	if (sched_setscheduler(0, SCHED_RR, &p) == -1)
		PTS_FAILED("sched_setscheduler(SCHED_RR, 5): %m");
	if (sched_getscheduler(0) != SCHED_RR)
		PTS_FAILED("policy read back %d", sched_getscheduler(0));
	if (sched_getparam(0, &got) || got.sched_priority != 5)
		PTS_FAILED("priority read back %d", got.sched_priority);
	p.sched_priority = 100;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_FIFO, &p), EINVAL,
			 "SCHED_FIFO priority 100");
	p.sched_priority = 0;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_FIFO, &p), EINVAL,
			 "SCHED_FIFO priority 0");
	p.sched_priority = 5;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, 77, &p), EINVAL, "policy 77");
	if (sched_getscheduler(0) != SCHED_RR)
		PTS_FAILED("a failed call changed the policy");
	pid = fork();
	if (!pid) {
		pause();
		_exit(0);
	}
	p.sched_priority = 0;
	if (sched_setscheduler(pid, SCHED_OTHER, &p) == -1)
		PTS_FAILED("sched_setscheduler(child, SCHED_OTHER): %m");
	if (sched_getscheduler(pid) != SCHED_OTHER)
		PTS_FAILED("child's policy read back %d", sched_getscheduler(pid));
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	PTS_EXPECT_ERRNO(sched_setscheduler(pid, SCHED_OTHER, &p), ESRCH,
			 "sched_setscheduler(reaped pid)");
	PTS_EXPECT_ERRNO(sched_getscheduler(pid), ESRCH,
			 "sched_getscheduler(reaped pid)");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "scheduling child");
	PTS_PASSED("policy and priority set and read back, EINVAL and ESRCH");
}
