// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsetxattr(2) sets an extended attribute on the path itself, not
 * following a final symlink:
 * - trusted.* set on a symlink is seen by lgetxattr() on the link, and
 *   neither by getxattr() through the link nor on the target;
 * - on a regular file it works like setxattr();
 * - user.* on a symlink is EPERM (user attributes exist on regular files
 *   and directories only); XATTR_CREATE of an existing name is EEXIST;
 * - a missing path is ENOENT, a path through a regular file ENOTDIR, a
 *   path through a symlink loop ELOOP, a path in unmapped memory EFAULT.
 */
#include "xattr_tmpdir.h"
#include "proc_ids.h"

#define TARGET "lsetxattr01_target"
#define LINK "lsetxattr01_link"
#define LOOP "lsetxattr01_loop"
#define LINK_NAME "trusted.ltp_link"

static void run(void)
{
	lremovexattr(LINK, LINK_NAME);
	TST_EXP_PASS(lsetxattr(LINK, LINK_NAME, "L", 1, 0),
		     "lsetxattr(symlink, %s)", LINK_NAME);
	check_xattr(LINK, 1, LINK_NAME, "L", 1);
	check_no_xattr(LINK, 0, LINK_NAME);
	check_no_xattr(TARGET, 0, LINK_NAME);
	TST_EXP_FAIL(lsetxattr(LINK, LINK_NAME, "M", 1, XATTR_CREATE), EEXIST,
		     "lsetxattr(XATTR_CREATE) of an existing name on a link");

	removexattr(TARGET, xname_a);
	TST_EXP_PASS(lsetxattr(TARGET, xname_a, "T", 1, 0),
		     "lsetxattr(regular file, %s)", xname_a);
	check_xattr(TARGET, 0, xname_a, "T", 1);

	TST_EXP_FAIL(lsetxattr(LINK, "user.ltp_u", "U", 1, 0), EPERM,
		     "lsetxattr(symlink, user.ltp_u)");
	TST_EXP_FAIL(lsetxattr("lsetxattr01_missing", LINK_NAME, "x", 1, 0),
		     ENOENT, "lsetxattr(missing path)");
	TST_EXP_FAIL(lsetxattr(TARGET "/x", LINK_NAME, "x", 1, 0), ENOTDIR,
		     "lsetxattr(path through a regular file)");
	TST_EXP_FAIL(lsetxattr(LOOP "/x", LINK_NAME, "x", 1, 0), ELOOP,
		     "lsetxattr(path through a symlink loop)");
	TST_EXP_FAIL(lsetxattr(unmapped_addr(), LINK_NAME, "x", 1, 0), EFAULT,
		     "lsetxattr(unmapped path)");
}

static void setup(void)
{
	xattr_link_setup(TARGET, LINK);
	if (symlink(LOOP, LOOP))
		tst_brk(TBROK | TERRNO, "symlink(%s, %s)", LOOP, LOOP);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
