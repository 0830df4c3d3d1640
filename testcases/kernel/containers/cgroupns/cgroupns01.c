// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup namespaces: a process in cgroup a (under the test's cgroup)
 * unshares CLONE_NEWCGROUP, so a becomes the root of its view:
 *  - its /proc/self/cgroup reads "0::/"; after it moves itself to a/sub,
 *    "0::/sub"; to the sibling b, "0::/../b"; the test process's own
 *    cgroup, read through /proc/PID/cgroup from inside, is given
 *    relative to a ("/../.." and so on); from outside, the full paths;
 *  - cgroup2 mounted inside (in a new mount namespace) has a as its
 *    root: sub is there and lists the process, b is not;
 *  - a process of cgroup b that setns()es into that namespace sees its
 *    own cgroup as "/../b";
 *  - the namespace differs from the initial one (/proc/PID/ns/cgroup);
 *  - unshare(CLONE_NEWCGROUP) without CAP_SYS_ADMIN is EPERM.
 */
#include <pwd.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "cgroup2.h"

static char self_cg[PATH_MAX], base_rel[PATH_MAX], mnt[PATH_MAX + 8];

/* The v2 path of pid's cgroup as the reader sees it ("0::PATH"). */
static void read_cg(pid_t pid, char *buf, size_t size)
{
	char path[64], line[PATH_MAX];
	FILE *f;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/cgroup");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	buf[0] = 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "0::", 3)) {
			line[strcspn(line, "\n")] = 0;
			snprintf(buf, size, "%s", line + 3);
		}
	fclose(f);
}

static void expect_cg(pid_t pid, const char *exp, const char *who)
{
	char buf[PATH_MAX];

	read_cg(pid, buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, exp), "%s: cgroup '%s' (expected '%s')",
		     who, buf, exp);
}

/* Split "/x/y" into its components (in place); returns how many. */
static int split(char *path, char **comp, int max)
{
	char *save, *tok;
	int n = 0;

	for (tok = strtok_r(path, "/", &save); tok && n < max;
	     tok = strtok_r(NULL, "/", &save))
		comp[n++] = tok;
	return n;
}

/*
 * path relative to root, as the kernel prints it (kernfs_path_from_node):
 * "/.." per level from root up to the common ancestor, then "/NAME" per
 * level down to path; "/" when they are the same.
 */
static void relative(const char *path, const char *root, char *out,
		     size_t size)
{
	char pbuf[PATH_MAX * 2], rbuf[PATH_MAX * 2], *pc[64], *rc[64];
	int np, nr, k, i;

	snprintf(pbuf, sizeof(pbuf), "%s", path);
	snprintf(rbuf, sizeof(rbuf), "%s", root);
	np = split(pbuf, pc, 64);
	nr = split(rbuf, rc, 64);
	for (k = 0; k < np && k < nr && !strcmp(pc[k], rc[k]); k++)
		;
	out[0] = 0;
	for (i = k; i < nr; i++)
		strncat(out, "/..", size - strlen(out) - 1);
	for (i = k; i < np; i++) {
		strncat(out, "/", size - strlen(out) - 1);
		strncat(out, pc[i], size - strlen(out) - 1);
	}
	if (!out[0])
		snprintf(out, size, "/");
}

static void inside(void)
{
	char exp[PATH_MAX * 2], path[PATH_MAX + 300];
	FILE *f;
	int pid, found = 0;

	cg_enter("a");
	if (unshare(CLONE_NEWCGROUP))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWCGROUP)");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	expect_cg(0, "/", "inside, in a");
	cg_enter("a/sub");
	expect_cg(getpid(), "/sub", "inside, in a/sub");
	snprintf(path, sizeof(path), "%s/a", base_rel);
	relative(self_cg, path, exp, sizeof(exp));
	expect_cg(getppid(), exp, "the test process, seen from inside");

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("cgroup2", mnt, "cgroup2", 0, NULL);
	snprintf(path, sizeof(path), "%s/sub/cgroup.procs", mnt);
	f = fopen(path, "r");
	while (f && fscanf(f, "%d", &pid) == 1)
		found |= pid == getpid();
	if (f)
		fclose(f);
	TST_EXP_EXPR(found, "cgroup2 mounted inside: sub/cgroup.procs lists "
		     "the process");
	snprintf(path, sizeof(path), "%s/b", mnt);
	TST_EXP_FAIL(access(path, F_OK), ENOENT,
		     "the sibling b under the namespace's mount");
	SAFE_UMOUNT(mnt);

	cg_enter("b");
	expect_cg(0, "/../b", "inside, moved to the sibling b");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	exit(0);
}

static void joiner(pid_t target)
{
	char path[64];
	int fd;

	cg_enter("b");
	snprintf(path, sizeof(path), "/proc/%d/ns/cgroup", (int)target);
	fd = SAFE_OPEN(path, O_RDONLY);
	if (setns(fd, CLONE_NEWCGROUP))
		tst_brk(TBROK | TERRNO, "setns(CLONE_NEWCGROUP)");
	expect_cg(0, "/../b", "a process of b after setns()");
	exit(0);
}

static void unprivileged(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (!pw) {
		tst_res(TCONF, "no user nobody");
		exit(0);
	}
	SAFE_SETUID(pw->pw_uid);
	TST_EXP_FAIL(unshare(CLONE_NEWCGROUP), EPERM,
		     "unshare(CLONE_NEWCGROUP) as nobody");
	exit(0);
}

static void run(void)
{
	char full[PATH_MAX * 2];
	struct stat s1, s2;
	char path[64];
	pid_t pid, pid2;

	cg_mkdir("a");
	cg_mkdir("a/sub");
	cg_mkdir("b");
	pid = SAFE_FORK();
	if (!pid)
		inside();
	TST_CHECKPOINT_WAIT(0);
	snprintf(full, sizeof(full), "%s/a", base_rel);
	expect_cg(pid, full, "the process, seen from outside");
	snprintf(path, sizeof(path), "/proc/%d/ns/cgroup", (int)pid);
	SAFE_STAT(path, &s1);
	SAFE_STAT("/proc/self/ns/cgroup", &s2);
	TST_EXP_EXPR(s1.st_ino != s2.st_ino, "a new cgroup namespace");

	pid2 = SAFE_FORK();
	if (!pid2)
		joiner(pid);
	reap_child(pid2);

	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	snprintf(full, sizeof(full), "%s/b", base_rel);
	expect_cg(pid, full, "the process in b, seen from outside");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid)
		unprivileged();
	reap_child(pid);

	cg_rmdir("a/sub");
	cg_rmdir("a");
	cg_rmdir("b");
}

static void setup(void)
{
	cg_setup(NULL, 0);
	read_cg(0, self_cg, sizeof(self_cg));
	/* cg_base below cg_root: the path /proc/PID/cgroup would show */
	snprintf(base_rel, sizeof(base_rel), "%s",
		 cg_base + strlen(cg_root));
	snprintf(mnt, sizeof(mnt), "%s/mnt", tst_tmpdir_path);
	SAFE_MKDIR(mnt, 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
};
