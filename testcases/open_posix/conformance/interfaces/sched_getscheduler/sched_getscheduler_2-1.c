// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A terminated child that has not been waited for still exists as a
 * process: sched_getscheduler() and sched_getparam() of the zombie
 * report the policy and priority it had (SCHED_RR 3, set by the child
 * itself before it exited), read while /proc shows it in state Z; once
 * it is reaped both fail with [ESRCH] and the param is left untouched.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sched_param sp;
	int st;
	pid_t pid;

	pts_need_sched_fifo();
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		sp.sched_priority = 3;
		_exit(sched_setscheduler(0, SCHED_RR, &sp) ? 1 : 0);
	}
	pts_wait_task_state(pid, "Z");
	if (sched_getscheduler(pid) != SCHED_RR)
		PTS_FAILED("sched_getscheduler() of the zombie: %d (%m), SCHED_RR expected",
			   sched_getscheduler(pid));
	sp.sched_priority = -1;
	if (sched_getparam(pid, &sp) || sp.sched_priority != 3)
		PTS_FAILED("sched_getparam() of the zombie: priority %d (%m), 3 expected",
			   sp.sched_priority);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_UNRES("the child could not set SCHED_RR 3 (status 0x%x)", st);
	PTS_EXPECT_ERRNO(sched_getscheduler(pid), ESRCH,
			 "sched_getscheduler() of the reaped child");
	sp.sched_priority = 77;
	PTS_EXPECT_ERRNO(sched_getparam(pid, &sp), ESRCH,
			 "sched_getparam() of the reaped child");
	if (sp.sched_priority != 77)
		PTS_FAILED("sched_getparam() wrote %d on ESRCH", sp.sched_priority);
	PTS_PASSED("a zombie's policy and priority readable, ESRCH once reaped");
}
