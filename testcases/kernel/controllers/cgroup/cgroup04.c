// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 delegation rules for migration (cgroup.procs writes), with
 * cgroups a and b delegated to nobody (directories and cgroup.procs
 * chowned) under the test's cgroup, whose cgroup.procs stays root's:
 *  - the permission to migrate is checked against the cgroup.procs of the
 *    common ancestor with the credentials the file was opened with: an fd
 *    of b/cgroup.procs opened with euid nobody refuses a move from a to b
 *    with EACCES even after the writer regained euid 0 (CVE-2021-4197,
 *    fixed by 1756d7994ad8 "cgroup: Use open-time credentials for process
 *    migraton perm checks");
 *  - nobody cannot migrate a -> b (EACCES) until the common ancestor's
 *    cgroup.procs is writable to it, then can (/proc/self/cgroup shows b);
 *  - nobody may create cgroups in its delegated a, not in the ancestor;
 *  - with nsdelegate (the test remounts cgroup2 with it where it is
 *    missing, and puts the options back), the cgroup namespace the file
 *    was opened in bounds
 *    the move: opened in a namespace rooted at a, a move to b fails with
 *    ENOENT even from the initial namespace (e57457641613 "cgroup: Use
 *    open-time cgroup namespace for process migration perm checks").
 */
#include <pwd.h>
#include <sched.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "cgroup2_nsdelegate.h"

static uid_t nobody;

static int in_cgroup(const char *rel)
{
	char line[PATH_MAX + 8], *p;
	size_t n = strlen(rel);
	FILE *f = fopen("/proc/self/cgroup", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/cgroup)");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3))
			continue;
		line[strcspn(line, "\n")] = 0;
		p = line + strlen(line);
		fclose(f);
		return p - line >= (long)n + 1 && !strcmp(p - n, rel) &&
		       p[-n - 1] == '/';
	}
	fclose(f);
	tst_brk(TBROK, "no cgroup v2 line in /proc/self/cgroup");
}

static int cg_open(const char *rel)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, "cgroup.procs");
	return open(path, O_WRONLY);
}

static void expect_write(int fd, int err, const char *what)
{
	int ret = write(fd, "0", 1);

	if (!err)
		TST_EXP_EXPR(ret == 1, "%s: move allowed (%s)", what,
			     ret == 1 ? "ok" : tst_strerrno(errno));
	else
		TST_EXP_EXPR(ret == -1 && errno == err, "%s: refused with %s "
			     "(got %s)", what, tst_strerrno(err),
			     ret == -1 ? tst_strerrno(errno) : "success");
}

static void child(void)
{
	char path[PATH_MAX];
	int fd, fd2, initns, err;

	/* Opened as nobody, written as root. */
	SAFE_SETEUID(nobody);
	fd = cg_open("b");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open b/cgroup.procs as nobody");
	SAFE_SETEUID(0);
	expect_write(fd, EACCES, "fd opened by nobody, written by euid 0");
	TST_EXP_EXPR(in_cgroup("a"), "still in a");

	SAFE_SETEUID(nobody);
	expect_write(fd, EACCES, "nobody a -> b, ancestor root's");
	fd2 = cg_open("");
	err = fd2 < 0 ? errno : 0;
	TST_EXP_EXPR(err == EACCES, "nobody cannot open the ancestor's "
		     "cgroup.procs (%s)", tst_strerrno(err));
	cg_path(path, sizeof(path), "a/sub", NULL);
	TST_EXP_PASS(mkdir(path, 0755), "nobody mkdir in delegated a");
	TST_EXP_PASS(rmdir(path), "nobody rmdir in delegated a");
	cg_path(path, sizeof(path), "x", NULL);
	TST_EXP_FAIL(mkdir(path, 0755), EACCES, "nobody mkdir in ancestor");

	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	expect_write(fd, 0, "nobody a -> b, ancestor's cgroup.procs nobody's");
	TST_EXP_EXPR(in_cgroup("b"), "now in b");
	SAFE_CLOSE(fd);
	SAFE_SETEUID(0);

	cg_enter("a");
	initns = SAFE_OPEN("/proc/self/ns/cgroup", O_RDONLY);
	if (unshare(CLONE_NEWCGROUP))
		tst_brk(TCONF | TERRNO, "unshare(CLONE_NEWCGROUP)");
	fd = cg_open("b");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open b/cgroup.procs in the namespace");
	if (setns(initns, CLONE_NEWCGROUP))
		tst_brk(TBROK | TERRNO, "setns back to the initial cgroupns");
	expect_write(fd, ENOENT, "fd opened in a namespace rooted at a");
	fd2 = cg_open("b");
	expect_write(fd2, 0, "fd opened in the initial namespace");
	exit(0);
}

static void chown_cg(const char *rel, const char *file)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, file);
	SAFE_CHOWN(path, nobody, -1);
}

static void run(void)
{
	char path[PATH_MAX];
	pid_t pid;

	cg_mkdir("a");
	cg_mkdir("b");
	chown_cg("a", NULL);
	chown_cg("a", "cgroup.procs");
	chown_cg("b", NULL);
	chown_cg("b", "cgroup.procs");

	pid = SAFE_FORK();
	if (!pid) {
		cg_enter("a");
		child();
	}
	TST_CHECKPOINT_WAIT(0);
	chown_cg("", "cgroup.procs");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	/* Back to root's for the next iteration. */
	cg_path(path, sizeof(path), "", "cgroup.procs");
	SAFE_CHOWN(path, 0, -1);
	cg_rmdir("a");
	cg_rmdir("b");
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (!pw)
		tst_brk(TCONF, "no user nobody");
	nobody = pw->pw_uid;
	cg_setup(NULL, 0);
	cg_nsdelegate_on();
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
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
	.tags = (const struct tst_tag[]) {
		/* cgroup: Use open-time credentials for process migraton
		 * perm checks */
		{"linux-git", "1756d7994ad8"},
		/* cgroup: Use open-time cgroup namespace for process
		 * migration perm checks */
		{"linux-git", "e57457641613"},
		{"CVE", "2021-4197"},
		{NULL, NULL}
	},
};
