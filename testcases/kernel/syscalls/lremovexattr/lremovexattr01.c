// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lremovexattr(2) removes an attribute from a symlink itself:
 * - with trusted.ltp_same set on both the link and its target, removing
 *   it from the link leaves the target's value alone;
 * - removing it again is ENODATA; user.* on a symlink is EPERM;
 * - a missing path is ENOENT, a path through a regular file ENOTDIR;
 * - after umount and mount the link still lacks it and the target keeps
 *   its value (tmpfs: no remount).
 * Runs on every filesystem of the matrix; vfat and exFAT have no xattrs
 * (nor symlinks): lsetxattr(), lgetxattr() and lremovexattr() of the
 * target are EOPNOTSUPP there (asserted), then TCONF.
 */
#include "xattr_tmpdir.h"
#include "fs_cycle.h"

#define TARGET "lremovexattr01_target"
#define LINK "lremovexattr01_link"
#define SAME "trusted.ltp_same"

static void run(void)
{
	if (lsetxattr(LINK, SAME, "link", 4, 0) ||
	    setxattr(TARGET, SAME, "target", 6, 0))
		tst_brk(TBROK | TERRNO, "set-up xattrs");
	TST_EXP_PASS(lremovexattr(LINK, SAME), "lremovexattr(symlink, %s)",
		     SAME);
	check_no_xattr(LINK, 1, SAME);
	check_xattr(TARGET, 0, SAME, "target", 6);
	TST_EXP_FAIL(lremovexattr(LINK, SAME), ENODATA,
		     "lremovexattr(symlink, %s) again", SAME);
	TST_EXP_FAIL(lremovexattr(LINK, "user.ltp_u"), EPERM,
		     "lremovexattr(symlink, user.ltp_u)");
	TST_EXP_FAIL(lremovexattr("lremovexattr01_missing", SAME), ENOENT,
		     "lremovexattr(missing path)");
	TST_EXP_FAIL(lremovexattr(TARGET "/x", SAME), ENOTDIR,
		     "lremovexattr(path through a regular file)");
	if (fs_cycle())
		return;
	tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	check_no_xattr(LINK, 1, SAME);
	check_xattr(TARGET, 0, SAME, "target", 6);
}

static void setup(void)
{
	xattr_link_setup(TARGET, LINK);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
};
