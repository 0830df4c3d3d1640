// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getscheduler(2) returns the policy of a task:
 * - SCHED_OTHER for the test process (pid 0 and its own pid);
 * - the policy another task set for itself: a child switches to
 *   SCHED_BATCH, then SCHED_IDLE, and its parent reads each by pid;
 * - SCHED_RESET_ON_FORK or-ed in when the task set that flag;
 * - a negative pid is EINVAL, a reaped pid ESRCH.
 * Policies of other processes are compared with /proc/PID/stat too.
 */
#include "sched_setparam.h"

static const int child_policies[] = {
	SCHED_BATCH,
	SCHED_IDLE,
	SCHED_BATCH | SCHED_RESET_ON_FORK,
};

static void child(void)
{
	struct sched_param p = { 0 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(child_policies); i++) {
		if (sched_setscheduler(0, child_policies[i], &p))
			tst_brk(TBROK | TERRNO, "sched_setscheduler(%#x)",
				child_policies[i]);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
	}
	exit(0);
}

static void run(void)
{
	long rt_prio, policy;
	unsigned int i;
	pid_t pid;

	TST_EXP_VAL(sched_getscheduler(0), SCHED_OTHER, "sched_getscheduler(0)");
	TST_EXP_VAL(sched_getscheduler(getpid()), SCHED_OTHER,
		    "sched_getscheduler(own pid)");

	pid = SAFE_FORK();
	if (!pid)
		child();
	for (i = 0; i < ARRAY_SIZE(child_policies); i++) {
		TST_CHECKPOINT_WAIT(0);
		TST_EXP_VAL(sched_getscheduler(pid), child_policies[i],
			    "sched_getscheduler(child) after it set %#x",
			    child_policies[i]);
		read_stat_sched(pid, &rt_prio, &policy);
		TST_EXP_EQ_LI(policy, child_policies[i] & ~SCHED_RESET_ON_FORK);
		TST_CHECKPOINT_WAKE(0);
	}
	reap_child(pid);

	TST_EXP_FAIL(sched_getscheduler(-1), EINVAL, "sched_getscheduler(-1)");
	TST_EXP_FAIL(sched_getscheduler(pid), ESRCH,
		     "sched_getscheduler(reaped pid %d)", (int)pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
