// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam() changes only the priority: on a SCHED_FIFO or SCHED_RR
 * task it moves the priority (addressed as pid 0 and as its own pid) and
 * the policy stays; on a SCHED_OTHER, SCHED_BATCH or SCHED_IDLE task a
 * priority of 0 is accepted and the policy stays too. A kernel that lets
 * the "keep the policy" value of sched_setparam() leak into the policy
 * check fails these calls with EINVAL or changes the policy.
 */
#include "sched_setparam.h"

static const struct tcase {
	int policy;
	int start_prio;
	int new_prio;
} tcases[] = {
	{ SCHED_FIFO, 5, 10 },
	{ SCHED_RR, 5, 10 },
	{ SCHED_OTHER, 0, 0 },
	{ SCHED_BATCH, 0, 0 },
	{ SCHED_IDLE, 0, 0 },
};

static void setparam_and_check(pid_t pid, int policy, int prio)
{
	struct sched_param p = { .sched_priority = prio };

	TST_EXP_PASS(sched_setparam(pid, &p), "sched_setparam(%d, %d) on %s",
		     (int)pid, prio, policy_name(policy));
	if (TST_PASS)
		check_sched(pid, policy, prio);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];

	set_policy(0, tc->policy, tc->start_prio);

	setparam_and_check(0, tc->policy, tc->new_prio);
	/* back to the start through the pid, not the 0 shorthand */
	setparam_and_check(getpid(), tc->policy, tc->start_prio);

	if (tc->policy == SCHED_FIFO || tc->policy == SCHED_RR) {
		setparam_and_check(0, tc->policy,
				   sched_get_priority_max(tc->policy));
		setparam_and_check(0, tc->policy,
				   sched_get_priority_min(tc->policy));
	}

	set_policy(0, SCHED_OTHER, 0);
}

static void cleanup(void)
{
	struct sched_param p = { .sched_priority = 0 };

	sched_setscheduler(0, SCHED_OTHER, &p);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.cleanup = cleanup,
	.needs_root = 1,
};
