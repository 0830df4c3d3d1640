// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lgetxattr(2) reads the extended attributes of a symlink itself, where
 * getxattr(2) follows it:
 * - with trusted.ltp_link set on the link and an attribute set on the
 *   target, lgetxattr(link) returns the link's value and ENODATA for the
 *   target's name; getxattr(link) the other way round;
 * - user.* on a symlink reads as ENODATA;
 * - size 0 returns the length, a buffer too small is ERANGE;
 * - a missing path is ENOENT, a path through a regular file ENOTDIR.
 */
#include "xattr_tmpdir.h"

#define TARGET "lgetxattr01_target"
#define LINK "lgetxattr01_link"
#define LINK_NAME "trusted.ltp_link"

static void run(void)
{
	char buf[64];

	check_xattr(LINK, 1, LINK_NAME, "on the link", 11);
	check_no_xattr(LINK, 1, xname_a);
	check_xattr(LINK, 0, xname_a, "on the target", 13);
	check_no_xattr(LINK, 0, LINK_NAME);

	TST_EXP_FAIL(lgetxattr(LINK, "user.ltp_u", buf, sizeof(buf)), ENODATA,
		     "lgetxattr(symlink, user.ltp_u)");
	TST_EXP_VAL(lgetxattr(LINK, LINK_NAME, NULL, 0), 11,
		    "lgetxattr(symlink, %s, size 0)", LINK_NAME);
	TST_EXP_FAIL(lgetxattr(LINK, LINK_NAME, buf, 10), ERANGE,
		     "lgetxattr(11-byte value, size 10)");
	TST_EXP_FAIL(lgetxattr("lgetxattr01_missing", LINK_NAME, buf,
			       sizeof(buf)), ENOENT, "lgetxattr(missing path)");
	TST_EXP_FAIL(lgetxattr(TARGET "/x", LINK_NAME, buf, sizeof(buf)),
		     ENOTDIR, "lgetxattr(path through a regular file)");
}

static void setup(void)
{
	xattr_link_setup(TARGET, LINK);
	if (lsetxattr(LINK, LINK_NAME, "on the link", 11, 0) ||
	    setxattr(TARGET, xname_a, "on the target", 13, 0))
		tst_brk(TBROK | TERRNO, "set-up xattrs");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
