// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pivot_root(2) errors, each with its exact errno, in a child with its own
 * private mount namespace whose root is a bind mount (pivot_root.h) and
 * a tmpfs mounted on new_root holding the directory old:
 * - EPERM: nobody, even with valid paths (checked first);
 * - ENOENT: a missing new_root or put_old; ENOTDIR: a regular file as
 *   new_root or put_old; ENAMETOOLONG, ELOOP, EFAULT for new_root and for
 *   put_old;
 * - EBUSY: new_root on the current root mount ("/"), put_old on it ("/");
 * - EINVAL: new_root that is no mount point; put_old not underneath
 *   new_root; put_old on a mount of shared propagation; the current root
 *   not a mount point (after chroot() into a plain directory);
 * and after all of them "/" is still the same root.
 */
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "pivot_root.h"

static void *bad;

static void errors_nobody(void)
{
	TST_EXP_FAIL(sys_pivot_root("new_root", "new_root/old"), EPERM,
		     "pivot_root() as nobody");
	TST_EXP_FAIL(sys_pivot_root("missing", "missing"), EPERM,
		     "pivot_root() as nobody of missing paths");
}

static void errors_paths(void)
{
	TST_EXP_FAIL(sys_pivot_root("missing", "new_root/old"), ENOENT,
		     "pivot_root() of a missing new_root");
	TST_EXP_FAIL(sys_pivot_root("new_root", "new_root/missing"), ENOENT,
		     "pivot_root() to a missing put_old");
	TST_EXP_FAIL(sys_pivot_root("file", "new_root/old"), ENOTDIR,
		     "pivot_root() of a regular file as new_root");
	TST_EXP_FAIL(sys_pivot_root("new_root", "new_root/file"), ENOTDIR,
		     "pivot_root() to a regular file as put_old");
	TST_EXP_FAIL(sys_pivot_root(fsm_long_path(), "new_root/old"),
		     ENAMETOOLONG, "pivot_root() of a new_root of PATH_MAX "
		     "bytes");
	TST_EXP_FAIL(sys_pivot_root("new_root", fsm_long_name()),
		     ENAMETOOLONG, "pivot_root() to a put_old name of "
		     "NAME_MAX + 1 bytes");
	TST_EXP_FAIL(sys_pivot_root("loop_a", "new_root/old"), ELOOP,
		     "pivot_root() of a new_root through a symlink loop");
	TST_EXP_FAIL(sys_pivot_root("new_root", "loop_a"), ELOOP,
		     "pivot_root() to a put_old through a symlink loop");
	TST_EXP_FAIL(sys_pivot_root(bad, "new_root/old"), EFAULT,
		     "pivot_root() of an unmapped new_root");
	TST_EXP_FAIL(sys_pivot_root("new_root", bad), EFAULT,
		     "pivot_root() to an unmapped put_old");
}

static void errors_mounts(void)
{
	TST_EXP_FAIL(sys_pivot_root("/", "new_root/old"), EBUSY,
		     "pivot_root() of the current root as new_root");
	TST_EXP_FAIL(sys_pivot_root("new_root", "/"), EBUSY,
		     "pivot_root() to the current root as put_old");
	TST_EXP_FAIL(sys_pivot_root("plain", "plain/old"), EINVAL,
		     "pivot_root() of a new_root that is no mount point");
	TST_EXP_FAIL(sys_pivot_root("new_root", "plain/old"), EINVAL,
		     "pivot_root() to a put_old not underneath new_root");
	SAFE_MOUNT(NULL, "new_root", NULL, MS_SHARED, NULL);
	TST_EXP_FAIL(sys_pivot_root("new_root", "new_root/old"), EINVAL,
		     "pivot_root() to a put_old on a shared mount");
	SAFE_MOUNT(NULL, "new_root", NULL, MS_PRIVATE, NULL);
}

static void error_root_not_mountpoint(void)
{
	/* the cwd is the tmpdir, a plain directory of the disk mount */
	if (chroot("."))
		tst_brk(TBROK | TERRNO, "chroot(.)");
	TST_EXP_FAIL(sys_pivot_root("new_root", "new_root/old"), EINVAL,
		     "pivot_root() when the root is a directory that is no "
		     "mount point (after chroot() into the tmpdir)");
}

static void run(unsigned int n)
{
	struct stat before, after;
	pid_t pid;

	if (n == 0) {
		fsm_as_nobody(errors_nobody);
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		pivot_enter_box();
		SAFE_MOUNT("ltp_pivot_root02", "new_root", "tmpfs", 0, NULL);
		SAFE_MKDIR("new_root/old", 0755);
		SAFE_FILE_PRINTF("new_root/file", "x");
		SAFE_STAT("/", &before);
		if (n == 1)
			errors_paths();
		else if (n == 2)
			errors_mounts();
		else
			error_root_not_mountpoint();
		if (n != 3) {
			SAFE_STAT("/", &after);
			TST_EXP_EXPR(before.st_dev == after.st_dev &&
				     before.st_ino == after.st_ino,
				     "\"/\" is still the same root");
		}
		exit(0);
	}
	tst_reap_children();
}

static void setup(void)
{
	SAFE_MKDIR(BOX_DIR, 0755);
	SAFE_MKDIR("new_root", 0755);
	SAFE_MKDIR("plain", 0755);
	SAFE_MKDIR("plain/old", 0755);
	fsm_create_file("file", 0644, "x");
	fsm_make_loop("loop_a", "loop_b");
	bad = fsm_bad_addr();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
