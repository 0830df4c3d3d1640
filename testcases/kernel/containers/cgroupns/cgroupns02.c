// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup namespaces as delegation boundaries (cgroup2 mounted with
 * nsdelegate: the test sets it where the mount lacks it and puts the
 * options back). A process of cgroup a, root in the initial user
 * namespace, unshares CLONE_NEWCGROUP so that a is the root of its
 * namespace (cgroup_file_write(), cgroup_procs_write_permission()):
 *  - the files of its namespace root that are not delegatable refuse its
 *    writes with EPERM whatever the value (cgroup.max.descendants,
 *    cgroup.freeze, cgroup.type, cgroup.kill, pids.max), values kept;
 *    /sys/kernel/cgroup/delegate lists cgroup.procs, cgroup.threads and
 *    cgroup.subtree_control and none of those;
 *  - the delegatable ones work at the root (cgroup.subtree_control +pids
 *    and -pids, cgroup.procs, cgroup.threads), and every file of a child
 *    cgroup (a/sub's pids.max and cgroup.max.descendants read back);
 *  - migration across the boundary is ENOENT both ways: itself into the
 *    sibling b, a process of b into a;
 *  - the namespace is the opener's: a file opened before the unshare
 *    takes the write, one opened inside refuses it (EPERM) after a
 *    setns() back to the initial namespace;
 *  - the test process (initial namespace) writes a's pids.max;
 *  - /proc/self/mountinfo inside shows the root of the initial cgroup2
 *    mount relative to a ("/.." per level), a cgroup2 mounted inside
 *    "/"; that mount and its remount, both without nsdelegate, leave the
 *    option on (only the initial namespace may change it): still in the
 *    mount options, still EPERM.
 */
#include <sched.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "cgroup2_nsdelegate.h"

static char mnt[PATH_MAX + 8];
static int depth;		/* levels from the hierarchy root to a */
static int root_is_top;		/* cg_root is the hierarchy's root */

static void expect_write(const char *rel, const char *file, const char *val,
			 int exp)
{
	int err = cg_write_err(rel, file, val);

	TST_EXP_EXPR(err == exp, "'%s' to %s%s%s: %s (got %s)", val, rel,
		     *rel ? "/" : "", file, exp ? tst_strerrno(exp) : "written",
		     err ? tst_strerrno(err) : "written");
}

static void expect_str(const char *rel, const char *file, const char *exp)
{
	char path[PATH_MAX], buf[64];

	cg_path(path, sizeof(path), rel, file);
	SAFE_FILE_SCANF(path, "%63s", buf);
	TST_EXP_EXPR(!strcmp(buf, exp), "%s/%s reads '%s' (expected '%s')",
		     rel, file, buf, exp);
}

/* Field 4 (root) of the mountinfo line of the mount point dir. */
static void mount_root(const char *dir, char *root, size_t size)
{
	char line[4096], r[PATH_MAX], m[PATH_MAX];
	FILE *f = fopen("/proc/self/mountinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	root[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*d %*d %*s %4095s %4095s", r, m) != 2)
			continue;
		if (!strcmp(m, dir))
			snprintf(root, size, "%s", r);
	}
	fclose(f);
}

static void delegate_list(void)
{
	static const char *const yes[] = {
		"cgroup.procs", "cgroup.threads", "cgroup.subtree_control",
	};
	static const char *const no[] = {
		"cgroup.max.descendants", "cgroup.freeze", "cgroup.type",
		"cgroup.kill", "pids.max",
	};
	const char *path = "/sys/kernel/cgroup/delegate";
	size_t i;

	if (access(path, R_OK)) {
		tst_res(TCONF, "no %s", path);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(yes); i++)
		TST_EXP_EXPR(cg_has_word(path, yes[i]), "%s lists %s", path,
			     yes[i]);
	for (i = 0; i < ARRAY_SIZE(no); i++)
		TST_EXP_EXPR(!cg_has_word(path, no[i]), "%s does not list %s",
			     path, no[i]);
}

static void root_files(void)
{
	char tid[32];

	expect_write("a", "cgroup.max.descendants", "5", EPERM);
	expect_write("a", "cgroup.freeze", "0", EPERM);
	expect_write("a", "cgroup.type", "threaded", EPERM);
	expect_write("a", "pids.max", "10", EPERM);
	expect_str("a", "cgroup.max.descendants", "max");
	expect_str("a", "cgroup.type", "domain");
	expect_str("a", "pids.max", "max");

	expect_write("a/sub", "cgroup.procs", "0", 0);
	expect_write("a", "cgroup.subtree_control", "+pids", 0);
	expect_write("a/sub", "pids.max", "10", 0);
	expect_str("a/sub", "pids.max", "10");
	expect_write("a/sub", "cgroup.max.descendants", "3", 0);
	expect_str("a/sub", "cgroup.max.descendants", "3");
	/* refused, or it would kill this process in a/sub */
	expect_write("a", "cgroup.kill", "1", EPERM);
	expect_write("a", "cgroup.subtree_control", "-pids", 0);
	expect_write("a", "cgroup.procs", "0", 0);
	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	expect_write("a", "cgroup.threads", tid, 0);
}

static void boundary(pid_t other)
{
	char line[PATH_MAX + 8], pid[32];

	expect_write("b", "cgroup.procs", "0", ENOENT);
	cg_v2_line("/proc/self/cgroup", line, sizeof(line));
	TST_EXP_EXPR(!strcmp(line, "0::/"), "still in the namespace root "
		     "('%s')", line);
	snprintf(pid, sizeof(pid), "%d", (int)other);
	expect_write("a", "cgroup.procs", pid, ENOENT);
}

static void open_time(int fd_before, int initns, int ownns)
{
	char path[PATH_MAX];
	int fd, ret;

	ret = write(fd_before, "7", 1);
	TST_EXP_EXPR(ret == 1, "a file opened before the unshare takes the "
		     "write (%s)", ret == 1 ? "ok" : tst_strerrno(errno));
	expect_str("a", "cgroup.max.descendants", "7");

	cg_path(path, sizeof(path), "a", "cgroup.max.descendants");
	fd = SAFE_OPEN(path, O_WRONLY);
	if (setns(initns, CLONE_NEWCGROUP))
		tst_brk(TBROK | TERRNO, "setns(initial cgroup namespace)");
	TST_EXP_FAIL(write(fd, "6", 1), EPERM, "write from the initial "
		     "namespace through a file opened inside");
	SAFE_CLOSE(fd);
	expect_write("a", "cgroup.max.descendants", "6", 0);
	if (setns(ownns, CLONE_NEWCGROUP))
		tst_brk(TBROK | TERRNO, "setns(own cgroup namespace)");
	expect_write("a", "cgroup.max.descendants", "max", EPERM);
	expect_str("a", "cgroup.max.descendants", "6");
}

static void mounts(void)
{
	char root[PATH_MAX], exp[PATH_MAX];
	int i;

	if (root_is_top) {
		exp[0] = 0;
		for (i = 0; i < depth; i++)
			strcat(exp, "/..");
		mount_root(cg_root, root, sizeof(root));
		TST_EXP_EXPR(!strcmp(root, exp), "mountinfo root of %s seen "
			     "inside: '%s' (expected '%s')", cg_root, root,
			     exp);
	}

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("cgroup2", mnt, "cgroup2", 0, NULL);
	mount_root(mnt, root, sizeof(root));
	TST_EXP_EXPR(!strcmp(root, "/"), "mountinfo root of cgroup2 mounted "
		     "inside: '%s'", root);
	TST_EXP_PASS(mount("cgroup2", mnt, "cgroup2", MS_REMOUNT, ""),
		     "remount inside without nsdelegate");
	expect_write("a", "pids.max", "10", EPERM);
	SAFE_UMOUNT(mnt);
}

static void inside(pid_t other)
{
	char path[PATH_MAX];
	int initns, ownns, fd_before;

	cg_enter("a");
	initns = SAFE_OPEN("/proc/self/ns/cgroup", O_RDONLY);
	cg_path(path, sizeof(path), "a", "cgroup.max.descendants");
	fd_before = SAFE_OPEN(path, O_WRONLY);
	if (unshare(CLONE_NEWCGROUP))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWCGROUP)");
	ownns = SAFE_OPEN("/proc/self/ns/cgroup", O_RDONLY);

	root_files();
	boundary(other);
	open_time(fd_before, initns, ownns);
	mounts();
	exit(0);
}

static void run(void)
{
	pid_t other, pid;

	cg_mkdir("a");
	cg_mkdir("a/sub");
	cg_mkdir("b");
	other = SAFE_FORK();
	if (!other) {
		for (;;)
			pause();
	}
	CG_WRITE("b", "cgroup.procs", "%d", (int)other);

	delegate_list();
	pid = SAFE_FORK();
	if (!pid)
		inside(other);
	reap_child(pid);

	TST_EXP_EXPR(cg_nsdelegate(), "nsdelegate still on %s after the "
		     "mounts inside the namespace", cg_root);
	expect_write("a", "pids.max", "20", 0);
	expect_str("a", "pids.max", "20");

	SAFE_KILL(other, SIGKILL);
	reap_child_killed(other, SIGKILL);
	cg_rmdir("a/sub");
	cg_rmdir("a");
	cg_rmdir("b");
}

static void setup(void)
{
	static const char *const ctrl[] = {"pids", NULL};
	char root[PATH_MAX];
	const char *p;

	cg_setup(ctrl, 1);
	cg_nsdelegate_on();
	mount_root(cg_root, root, sizeof(root));
	root_is_top = !strcmp(root, "/");
	if (!root_is_top)
		tst_res(TINFO, "%s is rooted at %s: no mountinfo check of it",
			cg_root, root);
	/* a is cg_base/a: one level per '/' of cg_base below cg_root */
	depth = 1;
	for (p = cg_base + strlen(cg_root); *p; p++)
		depth += *p == '/';
	snprintf(mnt, sizeof(mnt), "%s/mnt", tst_tmpdir_path);
	SAFE_MKDIR(mnt, 0755);
}

static void cleanup(void)
{
	cg_nsdelegate_restore();
	cg_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	/* it remounts the one cgroup2 hierarchy with nsdelegate */
	.exclusive = 1,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
};
