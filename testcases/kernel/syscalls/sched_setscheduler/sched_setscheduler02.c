// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(2) with the realtime policies (root; changes the
 * scheduling of RT tasks, so exclusive and for guests):
 * - SCHED_FIFO and SCHED_RR at priority 10 are taken (checked through
 *   every interface) and inherited by a forked child;
 * - with SCHED_RESET_ON_FORK the forked child starts SCHED_OTHER at
 *   priority 0, while the parent keeps its RT policy and the flag, which
 *   sched_getscheduler() reports ORed into the policy until a call
 *   without it clears it;
 * - priorities 0 and 100 for SCHED_FIFO/RR, and 1 above
 *   sched_get_priority_max(), are EINVAL and change nothing;
 * - an RT task may switch straight to SCHED_BATCH.
 * The sched_setparam tests cover RLIMIT_RTPRIO and the priority moves.
 */
#include <sys/wait.h>
#include "sched_setparam.h"

#define RT_PRIO 10

static const int rt_policies[] = { SCHED_FIFO, SCHED_RR };

static void fork_child_sees(int policy, int prio)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		check_sched(0, policy, prio);
		exit(0);
	}
	reap_child(pid);
}

static void rt_policy(int policy)
{
	struct sched_param p = { .sched_priority = RT_PRIO };
	struct sched_param bad = { 0 };

	set_policy(0, policy, RT_PRIO);
	check_sched(0, policy, RT_PRIO);
	fork_child_sees(policy, RT_PRIO);

	TST_EXP_PASS(sched_setscheduler(0, policy | SCHED_RESET_ON_FORK, &p),
		     "sched_setscheduler(0, %s | SCHED_RESET_ON_FORK, %d)",
		     policy_name(policy), RT_PRIO);
	TST_EXP_VAL(sched_getscheduler(0), policy | SCHED_RESET_ON_FORK,
		    "sched_getscheduler(0)");
	fork_child_sees(SCHED_OTHER, 0);

	/* a call without the flag clears it: the policy reads back plain */
	set_policy(0, policy, RT_PRIO);
	TST_EXP_VAL(sched_getscheduler(0), policy,
		    "sched_getscheduler(0) after a call without the flag");
	check_sched(0, policy, RT_PRIO);

	bad.sched_priority = 0;
	TST_EXP_FAIL(sched_setscheduler(0, policy, &bad), EINVAL,
		     "%s priority 0", policy_name(policy));
	bad.sched_priority = 100;
	TST_EXP_FAIL(sched_setscheduler(0, policy, &bad), EINVAL,
		     "%s priority 100", policy_name(policy));
	bad.sched_priority = sched_get_priority_max(policy) + 1;
	TST_EXP_FAIL(sched_setscheduler(0, policy, &bad), EINVAL,
		     "%s priority max + 1", policy_name(policy));
	check_sched(0, policy, RT_PRIO);

	p.sched_priority = 0;
	TST_EXP_PASS(sched_setscheduler(0, SCHED_BATCH, &p),
		     "%s -> SCHED_BATCH", policy_name(policy));
	check_sched(0, SCHED_BATCH, 0);
}

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		rt_policy(rt_policies[n]);
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.exclusive = 1,
	.forks_child = 1,
};
