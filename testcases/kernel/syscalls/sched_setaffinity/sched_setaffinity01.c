// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setaffinity(2) pins a task to the CPUs of its mask:
 * - for each CPU the test may use, a one-CPU mask moves the caller there
 *   before the call returns (sched_getcpu() names that CPU), and
 *   sched_getaffinity() and Cpus_allowed_list in /proc/self/status show
 *   exactly that CPU; the full mask afterwards restores them;
 * - set on another task (a child), the child runs on that CPU and its
 *   /proc status shows it;
 * - an empty mask, and a mask holding only a CPU number beyond the
 *   possible CPUs, are EINVAL and change nothing;
 * - a reaped pid is ESRCH, an unmapped mask EFAULT;
 * - nobody may not set the affinity of a root process (EPERM).
 */
#include <sys/wait.h>
#include "affinity.h"
#include "proc_ids.h"

static cpu_set_t start;

static void check_pinned(pid_t pid, int cpu)
{
	cpu_set_t got, procset;

	CPU_ZERO(&got);
	if (sched_getaffinity(pid, sizeof(got), &got))
		tst_brk(TBROK | TERRNO, "sched_getaffinity(%d)", (int)pid);
	proc_cpus_allowed(pid, &procset);
	TST_EXP_EXPR(CPU_COUNT(&got) == 1 && CPU_ISSET(cpu, &got) &&
		     CPU_EQUAL(&got, &procset), "pid %d: sched_getaffinity() "
		     "and Cpus_allowed_list hold only CPU %d", (int)pid, cpu);
}

static void pin_self(void)
{
	cpu_set_t one, got;
	int cpu, n = 0;

	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &start))
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		TST_EXP_PASS(sched_setaffinity(0, sizeof(one), &one),
			     "sched_setaffinity(0, {%d})", cpu);
		if (!TST_PASS)
			continue;
		TST_EXP_EQ_LI(sched_getcpu(), cpu);
		check_pinned(0, cpu);
		/* a handful is enough on big machines */
		if (++n == 8)
			break;
	}

	TST_EXP_PASS(sched_setaffinity(0, sizeof(start), &start),
		     "sched_setaffinity(0, the starting mask)");
	sched_getaffinity(0, sizeof(got), &got);
	TST_EXP_EXPR(CPU_EQUAL(&got, &start), "the starting mask is back");
}

static void pin_other(void)
{
	cpu_set_t one;
	int cpu, last = -1;
	pid_t pid;

	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &start))
			last = cpu;

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		TST_EXP_EQ_LI(sched_getcpu(), last);
		exit(0);
	}
	CPU_ZERO(&one);
	CPU_SET(last, &one);
	TST_EXP_PASS(sched_setaffinity(pid, sizeof(one), &one),
		     "sched_setaffinity(child, {%d})", last);
	check_pinned(pid, last);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	TST_EXP_FAIL(sched_setaffinity(pid, sizeof(one), &one), ESRCH,
		     "sched_setaffinity(reaped pid %d)", (int)pid);
}

static void bad_masks(void)
{
	cpu_set_t set, got;
	long conf = sysconf(_SC_NPROCESSORS_CONF);

	CPU_ZERO(&set);
	TST_EXP_FAIL(sched_setaffinity(0, sizeof(set), &set), EINVAL,
		     "sched_setaffinity(0, empty mask)");

	if (conf < CPU_SETSIZE - 1) {
		CPU_SET(CPU_SETSIZE - 1, &set);
		TST_EXP_FAIL(sched_setaffinity(0, sizeof(set), &set), EINVAL,
			     "sched_setaffinity(0, {%d}) with %ld CPUs",
			     CPU_SETSIZE - 1, conf);
	}
	TST_EXP_FAIL(sched_setaffinity(0, sizeof(set), unmapped_addr()),
		     EFAULT, "sched_setaffinity(0, unmapped)");

	sched_getaffinity(0, sizeof(got), &got);
	TST_EXP_EXPR(CPU_EQUAL(&got, &start), "the mask is unchanged");
}

static void nobody(void)
{
	pid_t parent = getppid();
	cpu_set_t one;
	int cpu;

	for (cpu = 0; !CPU_ISSET(cpu, &start); cpu++)
		;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	tst_drop_privs();
	TST_EXP_FAIL(sched_setaffinity(parent, sizeof(one), &one), EPERM,
		     "nobody: sched_setaffinity(root-owned %d)", (int)parent);
}

static void (*const cases[])(void) = {
	pin_self,
	pin_other,
	bad_masks,
	nobody,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static void setup(void)
{
	if (sched_getaffinity(0, sizeof(start), &start))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	tst_res(TINFO, "%d CPUs allowed", CPU_COUNT(&start));
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
