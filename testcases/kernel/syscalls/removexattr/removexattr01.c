// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * removexattr(2) on every filesystem of the matrix (ext2 ext3 ext4
 * xfs btrfs ntfs3 tmpfs; .all_filesystems, xattr_fs.h), each case with its
 * exact result:
 * - an attribute with a 0-byte value (storable on tmpfs only since
 *   4e66d445d042) and one with a value are removed: 0, then getxattr()
 *   fails with ENODATA for them,
 * - removing the same name again, or a name never set: ENODATA,
 * - removing one attribute leaves the other intact,
 * - a name longer than XATTR_NAME_MAX and the empty name: ERANGE.
 * vfat and exFAT have no xattrs: setxattr(), getxattr() and
 * removexattr() are EOPNOTSUPP there and listxattr() lists no user.*
 * or trusted.* name (asserted), then the cases are TCONF.
 */
#include "tst_test.h"
#include "xattr_fs.h"

#define NAME_BUF (XATTR_NAME_MAX + 2)

static void setup(void)
{
	xattr_fs_setup("removexattr01_file");
}

static void cleanup(void)
{
	xattr_fs_cleanup();
}

static void run(unsigned int n)
{
	struct xattr_fs *fs = xattr_fs_get(n);
	char empty[NAME_BUF], full[NAME_BUF], missing[NAME_BUF];
	char long_name[NAME_BUF];
	char buf[16];
	const char *f;

	if (!fs)
		return;
	f = fs->file;
	xattr_name(fs, empty, sizeof(empty), "ltp_empty");
	xattr_name(fs, full, sizeof(full), "ltp_full");
	xattr_name(fs, missing, sizeof(missing), "ltp_missing");
	xattr_long_name(fs, long_name, XATTR_NAME_MAX + 1);
	if (xattr_set_empty(fs, f, empty))
		return;
	if (setxattr(f, full, "value", 5, XATTR_CREATE))
		tst_brk(TBROK | TERRNO, "%s: setxattr(%s)", fs->name, full);

	TST_EXP_PASS(removexattr(f, empty),
		     "%s: removexattr() of a 0-byte value", fs->name);
	TST_EXP_FAIL(getxattr(f, empty, NULL, 0), ENODATA,
		     "%s: getxattr() of the removed name", fs->name);
	TST_EXP_VAL(getxattr(f, full, buf, sizeof(buf)), 5,
		    "%s: getxattr() of the other name", fs->name);
	TST_EXP_FAIL(removexattr(f, empty), ENODATA,
		     "%s: removexattr() of the removed name", fs->name);

	TST_EXP_PASS(removexattr(f, full),
		     "%s: removexattr() of a 5-byte value", fs->name);
	TST_EXP_FAIL(getxattr(f, full, NULL, 0), ENODATA,
		     "%s: getxattr() of the removed name", fs->name);

	TST_EXP_FAIL(removexattr(f, missing), ENODATA,
		     "%s: removexattr() of a name never set", fs->name);
	TST_EXP_FAIL(removexattr(f, long_name), ERANGE,
		     "%s: removexattr() of a %d-byte name", fs->name,
		     XATTR_NAME_MAX + 1);
	TST_EXP_FAIL(removexattr(f, ""), ERANGE,
		     "%s: removexattr() of the empty name", fs->name);
}

static struct tst_test test = {
	XATTR_FS_TEST_FIELDS,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "4e66d445d042" },
		{ NULL, NULL }
	},
};
