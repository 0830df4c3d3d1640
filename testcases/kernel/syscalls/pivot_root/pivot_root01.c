// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pivot_root(2) in a new mount namespace (a child that unshares
 * CLONE_NEWNS and makes every mount private) moves the root:
 * - pivot_root(new_root, put_old): "/" is the tmpfs that was new_root
 *   (TMPFS_MAGIC, its marker at "/marker"), the old root is under put_old
 *   (the tmpdir's file at "/old/<tmpdir>/witness"), the cwd (outside the
 *   old root's top) stays put, and after umount2("/old", MNT_DETACH) the
 *   old root is unreachable;
 * - pivot_root(".", ".") from inside new_root stacks the old root on the
 *   new one, and umount2(".", MNT_DETACH) then leaves the new root alone;
 * - the parent, in the old namespace, keeps its "/" and sees no tmpfs.
 * The child's root is first a recursive bind mount of "/" (see
 * pivot_root.h): the guest's real root is rootfs, which cannot be
 * pivoted.
 */
#include <limits.h>
#include <sys/statfs.h>
#include <linux/magic.h>
#include "tst_test.h"
#include "pivot_root.h"

static char tmpdir[PATH_MAX], witness_old[PATH_MAX + 16];
static struct stat root_st;

static int root_is_tmpfs(void)
{
	struct statfs sf;

	return !statfs("/", &sf) && sf.f_type == TMPFS_MAGIC;
}

static void pivot_put_old(void)
{
	TST_EXP_PASS(sys_pivot_root("new_root", "new_root/old"),
		     "pivot_root(new_root, new_root/old)");
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(root_is_tmpfs(), "\"/\" is the tmpfs of new_root");
	TST_EXP_PASS(access("/marker", F_OK), "new_root's marker is /marker");
	TST_EXP_PASS(access(witness_old, F_OK),
		     "the old root's files are under /old (%s)", witness_old);
	TST_EXP_PASS(access("witness", F_OK),
		     "the cwd did not move (the tmpdir's witness by a "
		     "relative path)");
	TST_EXP_PASS(umount2("/old", MNT_DETACH),
		     "umount2(/old, MNT_DETACH)");
	TST_EXP_FAIL(access(witness_old, F_OK), ENOENT,
		     "the old root is unreachable once detached");
	TST_EXP_PASS(access("/marker", F_OK), "\"/\" is still the tmpfs");
}

static void pivot_dot(void)
{
	if (chdir("new_root"))
		tst_brk(TBROK | TERRNO, "chdir(new_root)");
	TST_EXP_PASS(sys_pivot_root(".", "."), "pivot_root(\".\", \".\")");
	if (!TST_PASS)
		return;
	TST_EXP_PASS(umount2(".", MNT_DETACH),
		     "umount2(\".\", MNT_DETACH) of the old root stacked "
		     "on the new one");
	if (chdir("/"))
		tst_brk(TBROK | TERRNO, "chdir(/)");
	TST_EXP_EXPR(root_is_tmpfs(), "\"/\" is the tmpfs of new_root");
	TST_EXP_PASS(access("/marker", F_OK), "new_root's marker is /marker");
	TST_EXP_FAIL(access(tmpdir, F_OK), ENOENT,
		     "the old root's tmpdir (%s) is unreachable", tmpdir);
}

static void run(unsigned int n)
{
	struct stat st;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		pivot_enter_box();
		SAFE_MOUNT("ltp_pivot_root01", "new_root", "tmpfs", 0, NULL);
		SAFE_MKDIR("new_root/old", 0755);
		SAFE_FILE_PRINTF("new_root/marker", "x");
		if (n == 0)
			pivot_put_old();
		else
			pivot_dot();
		exit(0);
	}
	tst_reap_children();
	SAFE_STAT("/", &st);
	TST_EXP_EXPR(st.st_dev == root_st.st_dev && st.st_ino == root_st.st_ino,
		     "the parent's \"/\" is unchanged");
	TST_EXP_FAIL(access("new_root/marker", F_OK), ENOENT,
		     "the parent does not see the child's tmpfs");
}

static void setup(void)
{
	mnt_realpath(".", tmpdir);
	snprintf(witness_old, sizeof(witness_old), "/old%s/witness", tmpdir);
	SAFE_STAT("/", &root_st);
	SAFE_MKDIR(BOX_DIR, 0755);
	SAFE_MKDIR("new_root", 0755);
	SAFE_FILE_PRINTF("witness", "x");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
