// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open_tree(OPEN_TREE_CLONE) makes a detached bind mount: attached with
 * move_mount(MOVE_MOUNT_F_EMPTY_PATH) on dst it shows the files of the
 * source directory, a file made under dst appears in the source, and dst
 * is a mount point (mountinfo). Without OPEN_TREE_CLONE the fd is an
 * O_PATH fd of the directory itself (same inode, reads are EBADF) and
 * nothing can be attached from it (move_mount EINVAL: not a mount root).
 * Errors, with their exact errno (fs/namespace.c):
 * - AT_RECURSIVE without OPEN_TREE_CLONE, an unknown flag: EINVAL;
 * - a missing path: ENOENT;
 * - OPEN_TREE_CLONE by a caller without CAP_SYS_ADMIN (uid 65534): EPERM.
 * The test process runs in a private mount namespace.
 */
#include "tst_test.h"
#include "as_nobody.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define SRC "src"
#define DST "dst"

static void as_nobody(void)
{
	TST_EXP_FAIL(open_tree_raw(AT_FDCWD, "/", OPEN_TREE_CLONE), EPERM,
		     "open_tree(/, OPEN_TREE_CLONE) as uid 65534");
}

static void check_clone(void)
{
	int fd;

	TST_EXP_FD(open_tree_raw(AT_FDCWD, SRC,
				 OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC),
		   "open_tree(" SRC ", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	TST_EXP_EXPR(fcntl(fd, F_GETFD) == FD_CLOEXEC,
		     "the tree fd is close-on-exec");
	TST_EXP_PASS(move_mount_raw(fd, "", AT_FDCWD, DST,
				    MOVE_MOUNT_F_EMPTY_PATH),
		     "move_mount(tree fd, \"\", " DST ", F_EMPTY_PATH)");
	SAFE_CLOSE(fd);
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(mnt_count(DST) == 1, DST " is a mount point");
	TST_EXP_PASS(access(DST "/file", F_OK),
		     "the file of " SRC " is at " DST "/file");
	SAFE_FILE_PRINTF(DST "/new", "data");
	TST_EXP_PASS(access(SRC "/new", F_OK),
		     "the file made under " DST " is at " SRC "/new");
	if (umount2(DST, 0))
		tst_brk(TBROK | TERRNO, "umount2(" DST ")");
	TST_EXP_FAIL(access(DST "/file", F_OK), ENOENT,
		     "access(" DST "/file) after umount2()");
}

static void check_plain(void)
{
	struct stat a, b;
	char c;
	int fd;

	TST_EXP_FD(open_tree_raw(AT_FDCWD, SRC, OPEN_TREE_CLOEXEC),
		   "open_tree(" SRC ", OPEN_TREE_CLOEXEC)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	SAFE_STAT(SRC, &a);
	if (fstat(fd, &b))
		tst_brk(TBROK | TERRNO, "fstat(tree fd)");
	TST_EXP_EXPR(a.st_ino == b.st_ino && a.st_dev == b.st_dev,
		     "the fd is the directory " SRC " itself");
	TST_EXP_FAIL(read(fd, &c, 1), EBADF, "read() of the O_PATH tree fd");
	TST_EXP_FAIL(move_mount_raw(fd, "", AT_FDCWD, DST,
				    MOVE_MOUNT_F_EMPTY_PATH), EINVAL,
		     "move_mount() of a tree fd without OPEN_TREE_CLONE");
	SAFE_CLOSE(fd);
}

static void check_errors(void)
{
	TST_EXP_FAIL(open_tree_raw(AT_FDCWD, SRC, AT_RECURSIVE), EINVAL,
		     "open_tree(AT_RECURSIVE without OPEN_TREE_CLONE)");
	TST_EXP_FAIL(open_tree_raw(AT_FDCWD, SRC, 0x2), EINVAL,
		     "open_tree(flags 0x2)");
	TST_EXP_FAIL(open_tree_raw(AT_FDCWD, "ltp_missing", OPEN_TREE_CLONE),
		     ENOENT, "open_tree(missing path, OPEN_TREE_CLONE)");
	run_in_nobody_child(as_nobody, "EPERM checks");
}

static void (*const checks[])(void) = {
	check_clone, check_plain, check_errors,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(SRC, 0755);
	SAFE_MKDIR(DST, 0755);
	SAFE_FILE_PRINTF(SRC "/file", "data");
}

static void cleanup(void)
{
	mnt_umount_all(DST);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
