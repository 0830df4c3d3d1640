// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(2) with the non-realtime policies, which need no
 * privilege (each case runs in a child, so only that child's policy
 * changes):
 * - root and nobody switch to SCHED_BATCH, SCHED_IDLE and back to
 *   SCHED_OTHER, seen by sched_getscheduler(), sched_getparam(),
 *   sched_getattr() and /proc/PID/stat;
 * - SCHED_IDLE counts as nice 20: nobody with RLIMIT_NICE 0 may not leave
 *   it (EPERM), with RLIMIT_NICE 20 it may;
 * - SCHED_RESET_ON_FORK on a SCHED_BATCH task at nice -5: a forked child
 *   keeps SCHED_BATCH (only RT policies are reset) but starts at nice 0,
 *   without the flag; without the flag it inherits nice -5 too; nobody
 *   may set the flag but not clear it (EPERM);
 * - nobody may not change a root process's policy (EPERM);
 * - a negative policy, an unused policy number (4, 1000), a non-zero
 *   priority for a non-RT policy, SCHED_DEADLINE (no parameters here), a
 *   NULL param and a negative pid are EINVAL and change nothing; a reaped
 *   pid is ESRCH; an unmapped param EFAULT.
 */
#include <sys/resource.h>
#include <sys/wait.h>
#include "sched_setparam.h"
#include "proc_ids.h"
#include "cap_check.h"

static struct sched_param prio0 = { .sched_priority = 0 };

static void switch_and_check(int policy)
{
	TST_EXP_PASS(sched_setscheduler(0, policy, &prio0),
		     "sched_setscheduler(0, %s)", policy_name(policy));
	check_sched(0, policy, 0);
}

static void non_rt_policies(int as_nobody)
{
	if (as_nobody)
		tst_drop_privs();
	switch_and_check(SCHED_BATCH);
	switch_and_check(SCHED_OTHER);
	switch_and_check(SCHED_IDLE);
	if (!as_nobody)
		switch_and_check(SCHED_OTHER);
}

static void as_root(void)
{
	non_rt_policies(0);
}

static void as_nobody(void)
{
	non_rt_policies(1);
}

static void idle_is_nice_20(int rlimit_nice)
{
	struct rlimit rl = { rlimit_nice, rlimit_nice };

	if (setrlimit(RLIMIT_NICE, &rl)) {
		if (errno == EPERM && !has_effective_cap(CAP_SYS_RESOURCE))
			tst_brk(TCONF, "cannot raise RLIMIT_NICE to %d: root "
				"lacks CAP_SYS_RESOURCE (a container?)",
				rlimit_nice);
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NICE, %d)",
			rlimit_nice);
	}
	tst_drop_privs();
	switch_and_check(SCHED_IDLE);
	if (rlimit_nice < 20) {
		TST_EXP_FAIL(sched_setscheduler(0, SCHED_OTHER, &prio0), EPERM,
			     "nobody, RLIMIT_NICE %d: SCHED_IDLE -> SCHED_OTHER",
			     rlimit_nice);
		check_sched(0, SCHED_IDLE, 0);
		TST_EXP_FAIL(sched_setscheduler(0, SCHED_BATCH, &prio0), EPERM,
			     "nobody, RLIMIT_NICE %d: SCHED_IDLE -> SCHED_BATCH",
			     rlimit_nice);
	} else {
		switch_and_check(SCHED_OTHER);
	}
}

static void idle_rlimit_0(void)
{
	idle_is_nice_20(0);
}

static void idle_rlimit_20(void)
{
	idle_is_nice_20(20);
}

static void fork_child_sees(int policy, int nice)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_VAL(sched_getscheduler(0), policy,
			    "forked child's policy");
		errno = 0;
		TST_EXP_VAL(getpriority(PRIO_PROCESS, 0), nice,
			    "forked child's nice");
		exit(0);
	}
	reap_child(pid);
}

static void reset_on_fork(void)
{
	if (setpriority(PRIO_PROCESS, 0, -5))
		tst_brk(TBROK | TERRNO, "setpriority(-5)");

	TST_EXP_PASS(sched_setscheduler(0, SCHED_BATCH, &prio0),
		     "sched_setscheduler(0, SCHED_BATCH)");
	fork_child_sees(SCHED_BATCH, -5);

	TST_EXP_PASS(sched_setscheduler(0, SCHED_BATCH | SCHED_RESET_ON_FORK,
					&prio0),
		     "sched_setscheduler(0, SCHED_BATCH | SCHED_RESET_ON_FORK)");
	TST_EXP_VAL(sched_getscheduler(0), SCHED_BATCH | SCHED_RESET_ON_FORK,
		    "sched_getscheduler(0)");
	/* a non-RT policy is kept; the negative nice and the flag are not */
	fork_child_sees(SCHED_BATCH, 0);
}

static void nobody_keeps_reset_on_fork(void)
{
	tst_drop_privs();
	TST_EXP_PASS(sched_setscheduler(0, SCHED_BATCH | SCHED_RESET_ON_FORK,
					&prio0),
		     "nobody: set SCHED_BATCH | SCHED_RESET_ON_FORK");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_BATCH, &prio0), EPERM,
		     "nobody: clear SCHED_RESET_ON_FORK");
	TST_EXP_VAL(sched_getscheduler(0), SCHED_BATCH | SCHED_RESET_ON_FORK,
		    "sched_getscheduler(0)");
}

static void nobody_other_owner(void)
{
	pid_t parent = getppid();

	tst_drop_privs();
	TST_EXP_FAIL(sched_setscheduler(parent, SCHED_BATCH, &prio0), EPERM,
		     "nobody: sched_setscheduler(root-owned %d, SCHED_BATCH)",
		     (int)parent);
	TST_EXP_VAL(sched_getscheduler(parent), SCHED_OTHER,
		    "the root process's policy");
}

static void bad_arguments(void)
{
	struct sched_param prio1 = { .sched_priority = 1 };
	pid_t pid;

	TST_EXP_FAIL(sched_setscheduler(0, -1, &prio0), EINVAL,
		     "sched_setscheduler(0, -1)");
	TST_EXP_FAIL(sched_setscheduler(0, 4, &prio0), EINVAL,
		     "sched_setscheduler(0, 4 (unused))");
	/* 7 is SCHED_EXT since 6.12: far beyond any policy instead */
	TST_EXP_FAIL(sched_setscheduler(0, 1000, &prio0), EINVAL,
		     "sched_setscheduler(0, 1000)");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_OTHER, &prio1), EINVAL,
		     "sched_setscheduler(0, SCHED_OTHER, priority 1)");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_BATCH, &prio1), EINVAL,
		     "sched_setscheduler(0, SCHED_BATCH, priority 1)");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_IDLE, &prio1), EINVAL,
		     "sched_setscheduler(0, SCHED_IDLE, priority 1)");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_DEADLINE, &prio0), EINVAL,
		     "sched_setscheduler(0, SCHED_DEADLINE)");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_BATCH, NULL), EINVAL,
		     "sched_setscheduler(0, SCHED_BATCH, NULL)");
	TST_EXP_FAIL(sched_setscheduler(-1, SCHED_BATCH, &prio0), EINVAL,
		     "sched_setscheduler(-1, SCHED_BATCH)");
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_BATCH, unmapped_addr()),
		     EFAULT, "sched_setscheduler(0, SCHED_BATCH, unmapped)");
	check_sched(0, SCHED_OTHER, 0);

	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	reap_child(pid);
	TST_EXP_FAIL(sched_setscheduler(pid, SCHED_BATCH, &prio0), ESRCH,
		     "sched_setscheduler(reaped pid %d)", (int)pid);
}

static void (*const cases[])(void) = {
	as_root,
	as_nobody,
	idle_rlimit_0,
	idle_rlimit_20,
	reset_on_fork,
	nobody_keeps_reset_on_fork,
	nobody_other_owner,
	bad_arguments,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};
