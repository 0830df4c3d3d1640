// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpuset controller: cpuset.cpus and cpuset.mems, their
 * effective values, and the affinity of the tasks inside:
 *  - cpuset.cpus "1": cpuset.cpus.effective reads "1" and the affinity
 *    of a task inside (sched_getaffinity() and Cpus_allowed_list) is
 *    exactly CPU 1; changing it to "0" moves the running task's affinity
 *    along; a task inside cannot widen its own affinity out of the set
 *    (sched_setaffinity() to CPU 1 only fails with EINVAL);
 *  - a child cgroup asking "0-1" under a parent holding "0" is effective
 *    "0" only; an empty cpuset.cpus inherits the parent's effective set;
 *  - cpuset.mems "0": cpuset.mems.effective "0" and Mems_allowed_list of
 *    the task is 0;
 *  - refused values: a CPU number past any mask (ERANGE), a CPU or node
 *    that does not exist (EINVAL or ERANGE), a word (EINVAL).
 */
#include <sched.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "affinity.h"

static void read_str(const char *rel, const char *file, char *buf, int size)
{
	char path[PATH_MAX];
	FILE *f;

	cg_path(path, sizeof(path), rel, file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	if (!fgets(buf, size, f))
		buf[0] = 0;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

static void expect_str(const char *rel, const char *file, const char *exp)
{
	char buf[256];

	read_str(rel, file, buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, exp), "%s/%s reads '%s' (expected '%s')",
		     *rel ? rel : ".", file, buf, exp);
}

/* The task's affinity is exactly the one CPU, by both views. */
static void expect_only(pid_t pid, int cpu)
{
	cpu_set_t set, proc;

	CPU_ZERO(&set);
	if (sched_getaffinity(pid, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity(%d)", pid);
	proc_cpus_allowed(pid, &proc);
	TST_EXP_EXPR(CPU_COUNT(&set) == 1 && CPU_ISSET(cpu, &set) &&
		     CPU_EQUAL(&set, &proc),
		     "affinity of %d is CPU %d only (%d CPUs, proc agrees %d)",
		     pid, cpu, CPU_COUNT(&set), CPU_EQUAL(&set, &proc));
}

/* Mems_allowed_list of pid as a number when it is a single node. */
static long mems_allowed(pid_t pid)
{
	char path[64], line[512];
	long node = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Mems_allowed_list:", 18)) {
			line[strcspn(line, "\n")] = 0;
			if (!strchr(line + 18, ',') && !strchr(line + 18, '-'))
				node = strtol(line + 18, NULL, 10);
		}
	fclose(f);
	return node;
}

static void refused(const char *file, const char *val, int err1, int err2)
{
	int err = cg_write_err("c", file, val);

	TST_EXP_EXPR(err == err1 || err == err2, "'%s' to %s refused with %s "
		     "(%s)", val, file, tst_strerrno(err1), tst_strerrno(err));
}

static void run(void)
{
	char buf[256], parent_eff[256];
	cpu_set_t one;
	pid_t pid;

	cg_mkdir("c");
	CG_WRITE("c", "cpuset.cpus", "1");
	expect_str("c", "cpuset.cpus.effective", "1");

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		CPU_ZERO(&one);
		CPU_SET(0, &one);
		TST_EXP_FAIL(sched_setaffinity(0, sizeof(one), &one), EINVAL,
			     "sched_setaffinity(CPU 0) outside cpuset '1'");
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	CG_WRITE("c", "cgroup.procs", "%d", pid);
	expect_only(pid, 1);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	CG_WRITE("c", "cpuset.cpus", "0");
	expect_str("c", "cpuset.cpus.effective", "0");
	expect_only(pid, 0);

	CG_WRITE("c", "cpuset.mems", "0");
	expect_str("c", "cpuset.mems.effective", "0");
	TST_EXP_EXPR(mems_allowed(pid) == 0, "Mems_allowed_list of %d is 0",
		     pid);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	CG_WRITE("c", "cgroup.subtree_control", "+cpuset");

	cg_mkdir("c/sub");
	CG_WRITE("c/sub", "cpuset.cpus", "0-1");
	expect_str("c/sub", "cpuset.cpus.effective", "0");
	CG_WRITE("c", "cpuset.cpus", "1");
	expect_str("c/sub", "cpuset.cpus.effective", "1");
	CG_WRITE("c/sub", "cpuset.cpus", "\n");
	expect_str("c/sub", "cpuset.cpus", "");
	expect_str("c/sub", "cpuset.cpus.effective", "1");
	cg_rmdir("c/sub");

	CG_WRITE("c", "cpuset.cpus", "\n");
	read_str("", "cpuset.cpus.effective", parent_eff, sizeof(parent_eff));
	read_str("c", "cpuset.cpus.effective", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, parent_eff), "empty cpuset.cpus inherits "
		     "'%s' (parent's '%s')", buf, parent_eff);

	refused("cpuset.cpus", "100000", ERANGE, ERANGE);
	refused("cpuset.cpus", "abc", EINVAL, EINVAL);
	snprintf(buf, sizeof(buf), "%ld", sysconf(_SC_NPROCESSORS_CONF));
	refused("cpuset.cpus", buf, EINVAL, ERANGE);
	refused("cpuset.mems", "1000", EINVAL, ERANGE);
	cg_rmdir("c");
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpuset", NULL};
	cpu_set_t set;

	cg_setup(ctrls, 1);
	CPU_ZERO(&set);
	sched_getaffinity(0, sizeof(set), &set);
	if (!CPU_ISSET(0, &set) || !CPU_ISSET(1, &set))
		tst_brk(TCONF, "the test needs CPUs 0 and 1 allowed");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.min_cpus = 2,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CPUSETS", NULL
	},
};
