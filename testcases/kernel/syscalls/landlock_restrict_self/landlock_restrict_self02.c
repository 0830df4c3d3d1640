// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each landlock filesystem right guards exactly its operations: for
 * each of the thirteen rights READ_FILE, WRITE_FILE, READ_DIR,
 * REMOVE_DIR, REMOVE_FILE, MAKE_{CHAR,DIR,REG,SOCK,FIFO,BLOCK,SYM} and
 * EXECUTE (execve() of a copy of the static busybox), a child
 * restricts itself with a ruleset handling all of them and a rule
 * granting all but that one beneath a directory; there the operation of
 * the missing right fails with EACCES and the operations of the twelve
 * others succeed, except that execve() opens the file for reading too:
 * without READ_FILE it fails with EACCES as well.
 * LANDLOCK_ACCESS_FS_REFER (ABI 2, 5.19): with REFER granted beneath A
 * and B but not C, a file is renamed from A to B and back, a rename from
 * B to C and a link() from A into C fail with EXDEV.
 * Syscalls: landlock_create_ruleset, landlock_add_rule,
 * landlock_restrict_self
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "landlock_raw.h"

#define NOPS 13

static const char *const names[NOPS] = {
	"READ_FILE", "WRITE_FILE", "READ_DIR", "REMOVE_DIR", "REMOVE_FILE",
	"MAKE_CHAR", "MAKE_DIR", "MAKE_REG", "MAKE_SOCK", "MAKE_FIFO",
	"MAKE_BLOCK", "MAKE_SYM", "EXECUTE",
};

static const uint64_t rights[NOPS] = {
	LL_ACCESS_FS_READ_FILE, LL_ACCESS_FS_WRITE_FILE,
	LL_ACCESS_FS_READ_DIR, LL_ACCESS_FS_REMOVE_DIR,
	LL_ACCESS_FS_REMOVE_FILE, LL_ACCESS_FS_MAKE_CHAR,
	LL_ACCESS_FS_MAKE_DIR, LL_ACCESS_FS_MAKE_REG,
	LL_ACCESS_FS_MAKE_SOCK, LL_ACCESS_FS_MAKE_FIFO,
	LL_ACCESS_FS_MAKE_BLOCK, LL_ACCESS_FS_MAKE_SYM,
	LL_ACCESS_FS_EXECUTE,
};

static int have_exe;

static uint64_t all_rights(void)
{
	uint64_t all = 0;
	int i;

	for (i = 0; i < NOPS; i++)
		all |= rights[i];
	return all;
}

/* execve() of dir/exe (busybox as "true"): 0, or -1 with its errno. */
static int exec_op(const char *dir)
{
	char p[128];
	int status;
	pid_t pid;

	if (!have_exe)
		return 0;
	snprintf(p, sizeof(p), "%s/exe", dir);
	pid = SAFE_FORK();
	if (!pid) {
		execl(p, "true", (char *)NULL);
		_exit(errno);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	errno = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
	return -1;
}

/* Operation i in directory dir; 0 or -1 with errno. */
static int op(int i, const char *dir)
{
	char p[128];
	int fd;

	switch (i) {
	case 0:
		snprintf(p, sizeof(p), "%s/file", dir);
		fd = open(p, O_RDONLY);
		break;
	case 1:
		snprintf(p, sizeof(p), "%s/file", dir);
		fd = open(p, O_WRONLY);
		break;
	case 2:
		fd = open(dir, O_RDONLY | O_DIRECTORY);
		break;
	case 3:
		snprintf(p, sizeof(p), "%s/rmdir", dir);
		return rmdir(p);
	case 4:
		snprintf(p, sizeof(p), "%s/unlink", dir);
		return unlink(p);
	case 5:
		snprintf(p, sizeof(p), "%s/chr", dir);
		return mknod(p, S_IFCHR | 0600, makedev(1, 3));
	case 6:
		snprintf(p, sizeof(p), "%s/mkdir", dir);
		return mkdir(p, 0700);
	case 7:
		/* mknod: open(O_CREAT) would need an open right too */
		snprintf(p, sizeof(p), "%s/reg", dir);
		return mknod(p, S_IFREG | 0600, 0);
	case 8:
		snprintf(p, sizeof(p), "%s/sock", dir);
		return mknod(p, S_IFSOCK | 0600, 0);
	case 9:
		snprintf(p, sizeof(p), "%s/fifo", dir);
		return mknod(p, S_IFIFO | 0600, 0);
	case 10:
		snprintf(p, sizeof(p), "%s/blk", dir);
		return mknod(p, S_IFBLK | 0600, makedev(7, 0));
	case 11:
		snprintf(p, sizeof(p), "%s/sym", dir);
		return symlink("file", p);
	default:
		return exec_op(dir);
	}
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static void restrict_to(const char *const *dirs, const uint64_t *allow,
			int n, uint64_t handled)
{
	struct ll_path_beneath_attr pb;
	int rfd = ll_safe_ruleset(handled), i;

	for (i = 0; i < n; i++) {
		pb.allowed_access = allow[i];
		pb.parent_fd = SAFE_OPEN(dirs[i], O_PATH);
		if (ll_add_rule(rfd, LL_RULE_PATH_BENEATH, &pb, 0))
			tst_brk(TBROK | TERRNO, "landlock_add_rule(%s)",
				dirs[i]);
		SAFE_CLOSE(pb.parent_fd);
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    ll_restrict_self(rfd, 0))
		tst_brk(TBROK | TERRNO, "landlock_restrict_self()");
	SAFE_CLOSE(rfd);
}

static void one_right(int r)
{
	char dir[32];
	const char *dirs[1] = { dir };
	uint64_t allow = all_rights() & ~rights[r];
	int i, ret, bad = 0;

	snprintf(dir, sizeof(dir), "box%d", r);
	restrict_to(dirs, &allow, 1, all_rights());
	for (i = 0; i < NOPS; i++) {
		/* execve() needs READ_FILE as well as EXECUTE */
		int denied = i == r || (i == NOPS - 1 && !r);

		ret = op(i, dir);
		if (denied && !(ret < 0 && errno == EACCES)) {
			tst_res(TFAIL | TERRNO, "without %s, the %s operation "
				"returned %d", names[r], names[i], ret);
			bad = 1;
		} else if (!denied && ret) {
			tst_res(TFAIL | TERRNO, "without %s, the %s operation "
				"failed", names[r], names[i]);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "without %s: EACCES for its operation%s, the "
			"others work", names[r], r ? "" : " and execve()");
}

static void refer(void)
{
	const char *dirs[3] = { "A", "B", "C" };
	uint64_t all = all_rights() | LL_ACCESS_FS_REFER;
	uint64_t allow[3] = { all, all, all & ~LL_ACCESS_FS_REFER };

	restrict_to(dirs, allow, 3, all);
	TST_EXP_PASS(rename("A/f", "B/f"), "rename A -> B (REFER in both)");
	TST_EXP_FAIL(rename("B/f", "C/f"), EXDEV, "rename B -> C (no REFER "
		     "in C)");
	TST_EXP_PASS(rename("B/f", "A/f"), "rename B -> A");
	TST_EXP_FAIL(link("A/f", "C/l"), EXDEV, "link A -> C");
	TST_EXP_PASS(link("A/f", "B/l"), "link A -> B");
}

static void make(const char *path)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0600);

	SAFE_CLOSE(fd);
}

/* Put box<r> back in its initial state (for -i). */
static void reset(int r)
{
	static const char *const made[] = {
		"chr", "reg", "sock", "fifo", "blk", "sym",
	};
	char p[64];
	unsigned int i;

	for (i = 0; i < sizeof(made) / sizeof(made[0]); i++) {
		snprintf(p, sizeof(p), "box%d/%s", r, made[i]);
		unlink(p);
	}
	snprintf(p, sizeof(p), "box%d/mkdir", r);
	rmdir(p);
	snprintf(p, sizeof(p), "box%d/unlink", r);
	make(p);
	snprintf(p, sizeof(p), "box%d/rmdir", r);
	mkdir(p, 0700);
}

static void run(unsigned int n)
{
	pid_t pid;

	if (n < NOPS) {
		reset(n);
	} else {
		rename("B/f", "A/f");
		unlink("B/l");
		unlink("C/l");
		unlink("C/f");
	}

	if (n == NOPS - 1 && !have_exe) {
		tst_res(TCONF, "no static /bin/busybox to execute");
		return;
	}
	if (n == NOPS && ll_abi_version() < 2) {
		tst_res(TCONF, "landlock ABI %d has no REFER",
			ll_abi_version());
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		if (n < NOPS)
			one_right(n);
		else
			refer();
		exit(0);
	}
	reap_child(pid);
}

static void copy_exe(const char *to)
{
	char buf[65536];
	int in = SAFE_OPEN("/bin/busybox", O_RDONLY);
	int out = SAFE_OPEN(to, O_WRONLY | O_CREAT | O_TRUNC, 0700);
	ssize_t n;

	while ((n = read(in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, n);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

static void setup(void)
{
	char p[64];
	int r;

	ll_abi_version();
	have_exe = !access("/bin/busybox", X_OK);
	for (r = 0; r < NOPS; r++) {
		snprintf(p, sizeof(p), "box%d", r);
		SAFE_MKDIR(p, 0700);
		snprintf(p, sizeof(p), "box%d/file", r);
		make(p);
		snprintf(p, sizeof(p), "box%d/exe", r);
		if (have_exe)
			copy_exe(p);
	}
	SAFE_MKDIR("A", 0700);
	SAFE_MKDIR("B", 0700);
	SAFE_MKDIR("C", 0700);
	make("A/f");
}

static struct tst_test test = {
	.tcnt = NOPS + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
