// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 core rules (Documentation/admin-guide/cgroup-v2.rst;
 * kernel/cgroup/cgroup.c):
 *  - writing a pid to cgroup.procs moves the process: /proc/PID/cgroup
 *    names the new cgroup, the pid is listed only there, and
 *    cgroup.events "populated" follows it;
 *  - rmdir() of a cgroup with a process, or with a child cgroup, fails
 *    with EBUSY; once empty it succeeds;
 *  - the no-internal-process rule: enabling a domain controller (memory)
 *    in subtree_control of a cgroup that has a process, and moving a
 *    process into a cgroup that has one enabled, fail with EBUSY;
 *  - a controller the parent does not offer gives ENOENT in
 *    subtree_control, an unknown name EINVAL;
 *  - a pid that does not exist gives ESRCH in cgroup.procs.
 */
#include "tst_test.h"
#include "cgroup2.h"

static int listed(const char *rel, pid_t pid)
{
	char path[PATH_MAX];
	FILE *f;
	int p, found = 0;

	cg_path(path, sizeof(path), rel, "cgroup.procs");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (!found && fscanf(f, "%d", &p) == 1)
		found = p == pid;
	fclose(f);
	return found;
}

/* 1 when /proc/PID/cgroup says the process is in rel */
static int in_cgroup(pid_t pid, const char *rel)
{
	char path[64], line[PATH_MAX], want[PATH_MAX];
	const char *base = cg_base + strlen(cg_root);
	FILE *f;
	int found = 0;

	snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)pid);
	snprintf(want, sizeof(want), "0::%s/%s\n", base, rel);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (!found && fgets(line, sizeof(line), f))
		found = !strcmp(line, want);
	fclose(f);
	return found;
}

static void run(void)
{
	char path[PATH_MAX];
	pid_t pid;

	cg_mkdir("a");
	cg_mkdir("b");
	cg_mkdir("b/c");

	pid = SAFE_FORK();
	if (!pid) {
		for (;;)
			pause();
	}
	TST_EXP_PASS(cg_try_write("a", "cgroup.procs", "%d", (int)pid),
		     "write pid to a/cgroup.procs");
	TST_EXP_EXPR(in_cgroup(pid, "a") && listed("a", pid),
		     "the process is in a (/proc/PID/cgroup, a/cgroup.procs)");
	TST_EXP_EQ_LI(cg_read_key("a", "cgroup.events", "populated"), 1);

	TST_EXP_PASS(cg_try_write("b", "cgroup.procs", "%d", (int)pid),
		     "write pid to b/cgroup.procs");
	TST_EXP_EXPR(in_cgroup(pid, "b") && listed("b", pid) &&
		     !listed("a", pid),
		     "the process moved from a to b");
	TST_EXP_EQ_LI(cg_read_key("a", "cgroup.events", "populated"), 0);
	TST_EXP_EQ_LI(cg_read_key("b", "cgroup.events", "populated"), 1);

	cg_path(path, sizeof(path), "b", NULL);
	TST_EXP_FAIL(rmdir(path), EBUSY, "rmdir(b) with a process and a child");
	cg_path(path, sizeof(path), "b/c", NULL);
	TST_EXP_PASS(rmdir(path), "rmdir(b/c), empty");
	cg_path(path, sizeof(path), "b", NULL);
	TST_EXP_FAIL(rmdir(path), EBUSY, "rmdir(b) with a process");

	TST_EXP_FAIL(cg_try_write("b", "cgroup.subtree_control", "+memory"),
		     EBUSY, "enable memory in b, which has a process");
	TST_EXP_FAIL(cg_try_write("", "cgroup.procs", "%d", (int)pid), EBUSY,
		     "move the process into the test's cgroup, which has "
		     "memory in subtree_control");
	TST_EXP_EXPR(listed("b", pid), "the refused move left it in b");

	TST_EXP_FAIL(cg_try_write("a", "cgroup.subtree_control", "+pids"),
		     ENOENT, "enable pids in a: the parent does not offer it");
	TST_EXP_FAIL(cg_try_write("a", "cgroup.subtree_control",
				  "+ltp_no_such"),
		     EINVAL, "enable an unknown controller in a");
	TST_EXP_FAIL(cg_try_write("a", "cgroup.procs", "%d", 0x3fffffff),
		     ESRCH, "write a pid that does not exist to a/cgroup.procs");

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_path(path, sizeof(path), "b", NULL);
	TST_EXP_PASS(rmdir(path), "rmdir(b) once its process is gone");
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "b is gone");
	cg_path(path, sizeof(path), "a", NULL);
	TST_EXP_PASS(rmdir(path), "rmdir(a), empty");
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	cg_setup(ctrls, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", NULL
	},
};
