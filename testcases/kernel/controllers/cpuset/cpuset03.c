// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpuset partitions (cpuset.cpus.partition,
 * kernel/cgroup/cpuset.c: update_prstate()), on CPU 1 of a machine with
 * at least two. The test's cgroup b is a child of the root; making it a
 * partition root takes its CPU away from everything else, so the test is
 * exclusive, and removing b in the cleanup ends the partition:
 *  - cpuset.cpus.partition reads "member" by default and refuses a word
 *    other than member, root and isolated (EINVAL);
 *  - "root" with an empty cpuset.cpus is accepted but reads
 *    "root invalid (...)" with the reason; "member" makes it valid again;
 *  - with cpuset.cpus "1", "root" reads "root": the root cgroup's
 *    cpuset.cpus.effective loses CPU 1, b's reads "1", a process in the
 *    root cgroup has its affinity cut to the remaining CPUs, and a
 *    process in b's child c (cpuset.cpus empty) runs on CPU 1 only;
 *  - "isolated" reads "isolated" (and, where the kernel has it, the
 *    root's cpuset.cpus.isolated lists CPU 1), "root" again reads "root";
 *  - "member" gives CPU 1 back: the root's effective set and the root
 *    process's affinity are whole again;
 *  - "root" with every CPU of the root in cpuset.cpus cannot be granted
 *    while the root has tasks: the write succeeds but the partition reads
 *    "root invalid (...)" and the root's effective set is unchanged;
 *  - an empty cpuset.cpus is refused with ENOSPC while a process is in
 *    b's subtree (cpuset.cpus kept), accepted once it is empty.
 */

#include <sched.h>
#include "tst_test.h"
#include "cgroup2.h"

static char root_eff[256];

/* 1 when the CPU list (e.g. "0,2-5") holds cpu */
static int list_has(const char *list, int cpu)
{
	const char *p = list;
	char *end;
	long a, b;

	while (*p) {
		a = strtol(p, &end, 10);
		if (end == p)
			tst_brk(TBROK, "bad CPU list '%s'", list);
		b = a;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		if (cpu >= a && cpu <= b)
			return 1;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			break;
	}
	return 0;
}

static void read_str(const char *path, char *buf, size_t size)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	int len = SAFE_READ(0, fd, buf, size - 1);

	buf[len] = 0;
	buf[strcspn(buf, "\n")] = 0;
	SAFE_CLOSE(fd);
}

static void cg_str(const char *rel, const char *file, char *buf,
		   size_t size)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, file);
	read_str(path, buf, size);
}

static void root_str(const char *file, char *buf, size_t size)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", cg_root, file);
	read_str(path, buf, size);
}

static void partition_is(const char *want)
{
	char buf[256];

	cg_str("", "cpuset.cpus.partition", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, want), "cpuset.cpus.partition '%s', "
		     "expected '%s'", buf, want);
}

static void partition_invalid(void)
{
	char buf[256];

	cg_str("", "cpuset.cpus.partition", buf, sizeof(buf));
	TST_EXP_EXPR(!strncmp(buf, "root invalid", 12),
		     "cpuset.cpus.partition '%s' is 'root invalid'", buf);
}

static void root_eff_is(const char *want)
{
	char buf[256];

	root_str("cpuset.cpus.effective", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, want), "root cpuset.cpus.effective '%s', "
		     "expected '%s'", buf, want);
}

static pid_t idle_child(const char *rel, int in_root)
{
	pid_t pid = SAFE_FORK();
	char path[PATH_MAX + 64];

	if (!pid) {
		for (;;)
			pause();
	}
	if (in_root) {
		snprintf(path, sizeof(path), "%s/cgroup.procs", cg_root);
		SAFE_FILE_PRINTF(path, "%d", (int)pid);
	} else {
		CG_WRITE(rel, "cgroup.procs", "%d", (int)pid);
	}
	return pid;
}

static void affinity_is(pid_t pid, const char *who, int cpu1, int others)
{
	cpu_set_t set;
	int i, n1 = 0, no = 0;

	if (sched_getaffinity(pid, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity(%d)", pid);
	for (i = 0; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &set))
			continue;
		if (i == 1)
			n1 = 1;
		else
			no++;
	}
	TST_EXP_EXPR(n1 == cpu1 && (others ? no > 0 : no == 0),
		     "%s: CPU 1 %s, %d other CPUs in its affinity", who,
		     n1 ? "in" : "out", no);
}

static void run(void)
{
	char path[PATH_MAX + 64], buf[256], rest[256];
	pid_t rp, cp;

	partition_is("member");
	TST_EXP_FAIL(cg_try_write("", "cpuset.cpus.partition", "rooted"),
		     EINVAL, "cpuset.cpus.partition 'rooted'");

	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "root"),
		     "'root' with an empty cpuset.cpus");
	partition_invalid();
	root_eff_is(root_eff);
	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "member"),
		     "back to 'member'");
	partition_is("member");

	cg_mkdir("c");
	rp = idle_child(NULL, 1);
	cp = idle_child("c", 0);
	CG_WRITE("", "cpuset.cpus", "1");
	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "root"),
		     "'root' with cpuset.cpus 1");
	partition_is("root");
	root_str("cpuset.cpus.effective", buf, sizeof(buf));
	TST_EXP_EXPR(!list_has(buf, 1) && *buf,
		     "root cpuset.cpus.effective '%s' lost CPU 1 (was '%s')",
		     buf, root_eff);
	snprintf(rest, sizeof(rest), "%s", buf);
	cg_str("", "cpuset.cpus.effective", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, "1"), "b cpuset.cpus.effective '%s'", buf);
	affinity_is(rp, "process in the root cgroup", 0, 1);
	affinity_is(cp, "process in b/c", 1, 0);

	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "isolated"),
		     "'isolated'");
	partition_is("isolated");
	snprintf(path, sizeof(path), "%s/cpuset.cpus.isolated", cg_root);
	if (!access(path, F_OK)) {
		read_str(path, buf, sizeof(buf));
		TST_EXP_EXPR(!strcmp(buf, "1"), "root cpuset.cpus.isolated "
			     "'%s'", buf);
	}
	root_eff_is(rest);
	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "root"),
		     "'root' again");
	partition_is("root");

	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "member"),
		     "'member'");
	partition_is("member");
	root_eff_is(root_eff);
	affinity_is(rp, "process in the root cgroup after 'member'", 1, 1);

	CG_WRITE("", "cpuset.cpus", "%s", root_eff);
	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "root"),
		     "'root' with all of the root's CPUs (%s)", root_eff);
	partition_invalid();
	root_eff_is(root_eff);
	TST_EXP_PASS(cg_try_write("", "cpuset.cpus.partition", "member"),
		     "back to 'member'");
	partition_is("member");

	TST_EXP_FAIL(cg_try_write("", "cpuset.cpus", "\n"), ENOSPC,
		     "empty cpuset.cpus while b/c has a process");
	cg_str("", "cpuset.cpus", buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, root_eff), "cpuset.cpus '%s' kept", buf);
	SAFE_KILL(rp, SIGKILL);
	SAFE_KILL(cp, SIGKILL);
	reap_child_killed(rp, SIGKILL);
	reap_child_killed(cp, SIGKILL);
	cg_wait_event("", "populated", 0);
	TST_EXP_PASS(cg_try_write("", "cpuset.cpus", "\n"),
		     "empty cpuset.cpus once b is empty");
	cg_rmdir("c");
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpuset", NULL};
	char path[PATH_MAX];

	cg_setup(ctrls, 1);
	cg_path(path, sizeof(path), "", "cpuset.cpus.partition");
	if (access(path, F_OK))
		tst_brk(TCONF, "no cpuset.cpus.partition (5.11+)");
	root_str("cpuset.cpus.effective", root_eff, sizeof(root_eff));
	if (!list_has(root_eff, 1))
		tst_brk(TCONF, "CPU 1 is not in the root's effective CPUs "
			"'%s'", root_eff);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.min_cpus = 2,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CPUSETS", NULL
	},
};
