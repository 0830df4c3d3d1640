// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpusets across CPU hotplug (kernel/cgroup/cpuset.c:
 * cpuset_hotplug_update_tasks(), hotplug_update_tasks()): CPU 1 is taken
 * offline and brought back while a cgroup depends on it. The test
 * changes the machine's CPUs, so it is exclusive; cleanup brings CPU 1
 * back. A cgroup b/m with cpuset.cpus "1" and a spinning process:
 *  - with CPU 1 offline b/m's cpuset.cpus still reads "1" (v2 keeps what
 *    the user wrote), its cpuset.cpus.effective falls back to the
 *    parent's (the root's remaining CPUs, which lack CPU 1), the
 *    process's affinity follows and it keeps running;
 *  - once CPU 1 is online again the root's set is whole, b/m's
 *    effective set reads "1" and the process is back on CPU 1 only.
 * A kernel that empties cpuset.cpus, leaves a task without an allowed
 * CPU, or does not restore the mask on online fails here.
 */
#include "tst_test.h"
#include "cpuset_hotplug.h"

static void member(const char *rest)
{
	pid_t pid;

	cg_mkdir("m");
	CG_WRITE("m", "cpuset.cpus", "1");
	pid = spinner("m");
	affinity_is(pid, "1", "process in b/m (cpus 1)");

	cpu1_set(0);
	wait_str(NULL, "cpuset.cpus.effective", rest);
	wait_str("m", "cpuset.cpus.effective", rest);
	expect_str("m", "cpuset.cpus", "1");
	affinity_is(pid, rest, "process in b/m, CPU 1 offline");
	TST_EXP_EXPR(runs(), "the process of b/m runs with CPU 1 offline");

	cpu1_set(1);
	wait_str(NULL, "cpuset.cpus.effective", root_eff);
	wait_str("m", "cpuset.cpus.effective", "1");
	affinity_is(pid, "1", "process in b/m, CPU 1 online again");
	TST_EXP_EXPR(runs(), "the process of b/m runs on CPU 1 again");

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("m");
}

static void run(void)
{
	char rest[256];

	cph_calibrate(rest, sizeof(rest));
	member(rest);
}

static struct tst_test test = {
	.test_all = run,
	.setup = cph_setup,
	.cleanup = cph_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* takes CPU 1 offline */
	.exclusive = 1,
	.min_cpus = 2,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CPUSETS", "CONFIG_HOTPLUG_CPU", NULL
	},
};
