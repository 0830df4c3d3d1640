// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unbindable mounts, and the mounts a less privileged mount namespace
 * inherits, locked (fs/namespace.c __do_loopback(), copy_mnt_ns(),
 * lock_mnt_tree(), can_umount(), can_change_locked_flags()). In a private
 * mount namespace of the test, tmpfs t holds t/sub (nosuid, over a
 * directory with a file of its own), t/ro (read-only) and t/unb
 * (unbindable); tmpfs u holds tmpfs u/sub:
 *  - a bind mount of t/unb fails with EINVAL; a recursive bind of t has
 *    t/sub as a mount but not t/unb (a plain directory there);
 * in a child that unshared a user namespace (its root mapped to root) and
 * a mount namespace, the copied mounts are locked:
 *  - t/unb is a mount there: a new namespace copies unbindable mounts;
 *  - umount() and umount2(MNT_DETACH) of t/sub fail with EINVAL (that
 *    would reveal what is under it);
 *  - a bind remount of t/ro without MS_RDONLY fails with EPERM, of t/sub
 *    without MS_NOSUID with EPERM; with the flags kept both work;
 *  - a non-recursive bind of t or u fails with EINVAL (they have locked
 *    children); a recursive bind of t fails with EPERM (its locked child
 *    t/unb is unbindable and cannot be left out), of u works (u/sub's
 *    file is seen through it) and can be unmounted;
 *  - a tmpfs the child mounts over t/sub works and can be unmounted,
 *    after which t/sub's own file is back.
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"

static dev_t dev_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_dev;
}

static void locked_child(void)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	ns_map_self_root(0, 0);
	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");

	TST_EXP_EXPR(dev_of("t/unb") != dev_of("t"),
		     "the unbindable t/unb was copied into the new namespace");
	TST_EXP_FAIL(umount("t/sub"), EINVAL, "umount() of locked t/sub");
	TST_EXP_FAIL(umount2("t/sub", MNT_DETACH), EINVAL,
		     "umount2(MNT_DETACH) of locked t/sub");
	TST_EXP_FAIL(mount(NULL, "t/ro", NULL, MS_REMOUNT | MS_BIND, NULL),
		     EPERM, "bind remount of locked read-only t/ro as rw");
	TST_EXP_PASS(mount(NULL, "t/ro", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
		     "bind remount of t/ro keeping MS_RDONLY");
	TST_EXP_FAIL(mount(NULL, "t/sub", NULL, MS_REMOUNT | MS_BIND, NULL),
		     EPERM, "bind remount of locked nosuid t/sub without "
		     "MS_NOSUID");
	TST_EXP_PASS(mount(NULL, "t/sub", NULL,
			   MS_REMOUNT | MS_BIND | MS_NOSUID, NULL),
		     "bind remount of t/sub keeping MS_NOSUID");
	TST_EXP_FAIL(mount("t", "b", NULL, MS_BIND, NULL), EINVAL,
		     "non-recursive bind of t (locked children)");
	TST_EXP_FAIL(mount("t", "b", NULL, MS_BIND | MS_REC, NULL), EPERM,
		     "recursive bind of t (its locked child t/unb is "
		     "unbindable, and cannot be left out)");
	TST_EXP_FAIL(mount("u", "b", NULL, MS_BIND, NULL), EINVAL,
		     "non-recursive bind of u (locked child u/sub)");
	TST_EXP_PASS(mount("u", "b", NULL, MS_BIND | MS_REC, NULL),
		     "recursive bind of u");
	TST_EXP_EXPR(!access("b/sub/top", F_OK), "b/sub is u/sub's tmpfs");
	TST_EXP_PASS(umount2("b", MNT_DETACH), "umount of that bind");

	TST_EXP_PASS(mount("over", "t/sub", "tmpfs", 0, NULL),
		     "tmpfs mounted over t/sub in the user namespace");
	TST_EXP_EXPR(access("t/sub/top", F_OK) && errno == ENOENT,
		     "the new tmpfs hides t/sub's file");
	TST_EXP_PASS(umount("t/sub"), "umount of the child's own tmpfs");
	TST_EXP_EXPR(!access("t/sub/top", F_OK), "t/sub's file is back");
	exit(0);
}

static void outer(void)
{
	pid_t pid;

	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-mntns03", "t", "tmpfs", 0, NULL);
	SAFE_MKDIR("t/sub", 0755);
	SAFE_MKDIR("t/ro", 0755);
	SAFE_MKDIR("t/unb", 0755);
	SAFE_FILE_PRINTF("t/sub/hidden", "x");
	SAFE_MOUNT("ltp-sub", "t/sub", "tmpfs", MS_NOSUID, NULL);
	SAFE_FILE_PRINTF("t/sub/top", "x");
	SAFE_MOUNT("ltp-ro", "t/ro", "tmpfs", MS_RDONLY, NULL);
	SAFE_MOUNT("ltp-unb", "t/unb", "tmpfs", 0, NULL);
	SAFE_MOUNT(NULL, "t/unb", NULL, MS_UNBINDABLE, NULL);
	SAFE_MOUNT("ltp-u", "u", "tmpfs", 0, NULL);
	SAFE_MKDIR("u/sub", 0755);
	SAFE_MOUNT("ltp-usub", "u/sub", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("u/sub/top", "x");

	TST_EXP_FAIL(mount("t/unb", "b", NULL, MS_BIND, NULL), EINVAL,
		     "bind of the unbindable t/unb");
	TST_EXP_PASS(mount("t", "b", NULL, MS_BIND | MS_REC, NULL),
		     "recursive bind of t");
	TST_EXP_EXPR(dev_of("b/sub") != dev_of("b") &&
		     dev_of("b/unb") == dev_of("b"),
		     "the recursive bind has t/sub but not the unbindable "
		     "t/unb");
	if (umount2("b", MNT_DETACH))
		tst_brk(TBROK | TERRNO, "umount2(b, MNT_DETACH)");

	pid = SAFE_FORK();
	if (!pid)
		locked_child();
	reap_child(pid);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWNS);

	if (!pid)
		outer();
	NS_REAP(pid);
}

static void setup(void)
{
	SAFE_MKDIR("t", 0755);
	SAFE_MKDIR("b", 0755);
	SAFE_MKDIR("u", 0755);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_TMPFS", NULL
	},
};
