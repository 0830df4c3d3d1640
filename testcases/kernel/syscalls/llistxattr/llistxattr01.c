// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * llistxattr(2) lists the names on a symlink itself, where listxattr(2)
 * follows it:
 * - with trusted.ltp_link on the link and another name on the target,
 *   llistxattr(link) holds the link's name only, listxattr(link) the
 *   target's only;
 * - size 0 returns the list's length, a smaller buffer is ERANGE;
 * - a missing path is ENOENT, a path through a regular file ENOTDIR.
 */
#include "xattr_tmpdir.h"

#define TARGET "llistxattr01_target"
#define LINK "llistxattr01_link"
#define LINK_NAME "trusted.ltp_link"

static void run(void)
{
	char list[1024];
	ssize_t len, need;

	TST_EXP_POSITIVE(llistxattr(LINK, list, sizeof(list)),
			 "llistxattr(symlink)");
	len = TST_RET < 0 ? 0 : TST_RET;
	TST_EXP_EXPR(xattr_list_has(list, len, LINK_NAME) &&
		     !xattr_list_has(list, len, xname_a), "the link's list "
		     "holds %s, not %s", LINK_NAME, xname_a);

	TST_EXP_POSITIVE(listxattr(LINK, list, sizeof(list)),
			 "listxattr(symlink), following it");
	len = TST_RET < 0 ? 0 : TST_RET;
	TST_EXP_EXPR(!xattr_list_has(list, len, LINK_NAME) &&
		     xattr_list_has(list, len, xname_a), "the target's list "
		     "holds %s, not %s", xname_a, LINK_NAME);

	need = llistxattr(LINK, NULL, 0);
	TST_EXP_VAL(llistxattr(LINK, list, sizeof(list)), need,
		    "llistxattr() returns the length size 0 reported");
	TST_EXP_FAIL(llistxattr(LINK, list, need - 1), ERANGE,
		     "llistxattr(size %zd for %zd bytes)", need - 1, need);
	TST_EXP_FAIL(llistxattr("llistxattr01_missing", list, sizeof(list)),
		     ENOENT, "llistxattr(missing path)");
	TST_EXP_FAIL(llistxattr(TARGET "/x", list, sizeof(list)), ENOTDIR,
		     "llistxattr(path through a regular file)");
}

static void setup(void)
{
	xattr_link_setup(TARGET, LINK);
	if (lsetxattr(LINK, LINK_NAME, "L", 1, 0) ||
	    setxattr(TARGET, xname_a, "T", 1, 0))
		tst_brk(TBROK | TERRNO, "set-up xattrs");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
