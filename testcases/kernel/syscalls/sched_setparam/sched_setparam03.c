// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A task may change the RT priority of another task: a child calls
 * sched_setparam(getppid()) to raise (and then lower) the priority of its
 * SCHED_FIFO or SCHED_RR parent, and the parent must see the new priority
 * through its own sched_getparam(), sched_getattr() and /proc, with its
 * policy unchanged. Checkpoints order the steps, so nothing is timed.
 */
#include "sched_setparam.h"

#define START_PRIO 5
#define RAISED_PRIO 20
#define LOWERED_PRIO 2

static const int policies[] = { SCHED_FIFO, SCHED_RR };

static void child(int prio_to_set)
{
	struct sched_param p = { .sched_priority = prio_to_set };
	pid_t parent = getppid();

	TST_EXP_PASS(sched_setparam(parent, &p),
		     "child: sched_setparam(parent %d, %d)", (int)parent,
		     prio_to_set);
	/* stay alive while the parent looks: the change is not an exit effect */
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	exit(0);
}

static void parent_sees(int policy, int prio_to_set)
{
	if (!SAFE_FORK())
		child(prio_to_set);

	TST_CHECKPOINT_WAIT(0);
	check_sched(0, policy, prio_to_set);
	TST_CHECKPOINT_WAKE(1);
	tst_reap_children();
}

static void run(unsigned int n)
{
	int policy = policies[n];

	set_policy(0, policy, START_PRIO);
	parent_sees(policy, RAISED_PRIO);
	parent_sees(policy, LOWERED_PRIO);
	set_policy(0, SCHED_OTHER, 0);
}

static void cleanup(void)
{
	struct sched_param p = { .sched_priority = 0 };

	sched_setscheduler(0, SCHED_OTHER, &p);
}

static struct tst_test test = {
	.tcnt = sizeof(policies) / sizeof(policies[0]),
	.test = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
