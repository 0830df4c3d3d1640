// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpuset partition across CPU hotplug (kernel/cgroup/cpuset.c:
 * cpuset_hotplug_update_tasks()): the test's cgroup b is made a
 * partition root on CPU 1 with a spinning process in b/c, then CPU 1 is
 * taken offline and brought back (exclusive; cleanup brings it back):
 *  - offline makes the partition "root invalid (...)" with a reason,
 *    cpuset.cpus still "1", b's effective set and the process's affinity
 *    fall back to the root's remaining CPUs and it keeps running;
 *  - online makes it "root" again: b's effective set "1", the root's
 *    without CPU 1 once more, the process back on CPU 1 only.
 * The cgroup-v2 documentation names hotplug as a way a partition becomes
 * invalid and valid again. Stock 6.12 refuses this offline with EBUSY
 * (sched_cpu_deactivate(): the deadline bandwidth check of the
 * partition's root domain, which holds the fair server's reservation,
 * fails for its last CPU); then the refusal must have changed nothing:
 * partition "root", effective "1", the process on CPU 1. On 6.12.118 it
 * does not: the process, pushed off the CPU while it was being taken
 * down ("no longer affine to cpu1"), is left with affinity 0-1, outside
 * its cpuset, and the test fails there.
 */
#include "tst_test.h"
#include "cpuset_hotplug.h"

static void partition(const char *rest)
{
	char buf[256];
	size_t len;
	pid_t pid;

	cg_mkdir("c");
	CG_WRITE("", "cpuset.cpus", "1");
	CG_WRITE("", "cpuset.cpus.partition", "root");
	expect_str("", "cpuset.cpus.partition", "root");
	pid = spinner("c");
	affinity_is(pid, "1", "process in the partition");
	expect_str(NULL, "cpuset.cpus.effective", rest);

	if (cpu1_try_off()) {
		/*
		 * 6.12 refuses: the deadline bandwidth check of the CPU's
		 * root domain (the partition's, with the fair server's
		 * reservation) fails once its last CPU would go. Then
		 * nothing may have changed.
		 */
		tst_res(TINFO, "offline of the partition's only CPU refused "
			"with EBUSY");
		expect_str("", "cpuset.cpus.partition", "root");
		expect_str("", "cpuset.cpus.effective", "1");
		affinity_is(pid, "1", "process in the partition, offline "
			    "refused");
		goto out;
	}
	wait_str("", "cpuset.cpus.effective", rest);
	cg_str("", "cpuset.cpus.partition", buf, sizeof(buf));
	len = strlen(buf);
	TST_EXP_EXPR(!strncmp(buf, "root invalid (", 14) && len > 15 &&
		     buf[len - 1] == ')',
		     "CPU 1 offline: partition '%s'", buf);
	expect_str("", "cpuset.cpus", "1");
	affinity_is(pid, rest, "process in the partition, CPU 1 offline");
	TST_EXP_EXPR(runs(), "it runs with CPU 1 offline");

	cpu1_set(1);
	wait_str("", "cpuset.cpus.partition", "root");
	wait_str("", "cpuset.cpus.effective", "1");
	wait_str(NULL, "cpuset.cpus.effective", rest);
	affinity_is(pid, "1", "process in the partition, CPU 1 online");
	TST_EXP_EXPR(runs(), "it runs on CPU 1 again");
out:
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	CG_WRITE("", "cpuset.cpus.partition", "member");
	cg_rmdir("c");
}

static void run(void)
{
	char rest[256];

	cph_calibrate(rest, sizeof(rest));
	partition(rest);
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
