// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getxattr(2) on every filesystem of the matrix (ext2 ext3 ext4
 * xfs btrfs ntfs3 tmpfs; .all_filesystems, xattr_fs.h), each case with its
 * exact result:
 * - an attribute with a 0-byte value returns 0, both into a buffer (left
 *   untouched) and as a size query (size 0); tmpfs could not even store
 *   such a value before 4e66d445d042,
 * - a size query of a 100-byte value returns 100,
 * - a buffer one byte too small fails with ERANGE,
 * - a larger buffer gets exactly the value, the bytes past it untouched,
 * - a name never set fails with ENODATA,
 * - a name longer than XATTR_NAME_MAX and the empty name fail with ERANGE.
 * vfat and exFAT have no xattrs: setxattr(), getxattr() and
 * removexattr() are EOPNOTSUPP there and listxattr() lists no user.*
 * or trusted.* name (asserted), then the cases are TCONF.
 */
#include "tst_test.h"
#include "xattr_fs.h"

#define NAME_BUF (XATTR_NAME_MAX + 2)
#define VALUE_LEN 100
#define SENTINEL 0xa5

static unsigned char value[VALUE_LEN];

static void setup(void)
{
	unsigned int i;

	for (i = 0; i < VALUE_LEN; i++)
		value[i] = i * 3;
	xattr_fs_setup("getxattr01_file");
}

static void cleanup(void)
{
	xattr_fs_cleanup();
}

/* 1 when buf[from..to) still holds SENTINEL everywhere. */
static int untouched(const unsigned char *buf, size_t from, size_t to)
{
	for (; from < to; from++) {
		if (buf[from] != SENTINEL)
			return 0;
	}
	return 1;
}

static void run(unsigned int n)
{
	struct xattr_fs *fs = xattr_fs_get(n);
	char empty[NAME_BUF], full[NAME_BUF], missing[NAME_BUF];
	char long_name[NAME_BUF];
	unsigned char buf[2 * VALUE_LEN];
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
	if (setxattr(f, full, value, VALUE_LEN, XATTR_CREATE))
		tst_brk(TBROK | TERRNO, "%s: setxattr(%s)", fs->name, full);

	memset(buf, SENTINEL, sizeof(buf));
	TST_EXP_VAL(getxattr(f, empty, buf, sizeof(buf)), 0,
		    "%s: getxattr() of a 0-byte value", fs->name);
	TST_EXP_EXPR(untouched(buf, 0, sizeof(buf)),
		     "%s: the buffer is untouched", fs->name);
	TST_EXP_VAL(getxattr(f, empty, NULL, 0), 0,
		    "%s: size query of a 0-byte value", fs->name);

	TST_EXP_VAL(getxattr(f, full, NULL, 0), VALUE_LEN,
		    "%s: size query of a %d-byte value", fs->name, VALUE_LEN);

	TST_EXP_FAIL(getxattr(f, full, buf, VALUE_LEN - 1), ERANGE,
		     "%s: getxattr() into a %d-byte buffer", fs->name,
		     VALUE_LEN - 1);

	memset(buf, SENTINEL, sizeof(buf));
	TST_EXP_VAL(getxattr(f, full, buf, sizeof(buf)), VALUE_LEN,
		    "%s: getxattr() into a %zu-byte buffer", fs->name,
		    sizeof(buf));
	TST_EXP_EXPR(!memcmp(buf, value, VALUE_LEN) &&
		     untouched(buf, VALUE_LEN, sizeof(buf)),
		     "%s: the buffer holds the value, then untouched bytes",
		     fs->name);

	TST_EXP_FAIL(getxattr(f, missing, buf, sizeof(buf)), ENODATA,
		     "%s: getxattr() of a name never set", fs->name);
	TST_EXP_FAIL(getxattr(f, long_name, buf, sizeof(buf)), ERANGE,
		     "%s: getxattr() of a %d-byte name", fs->name,
		     XATTR_NAME_MAX + 1);
	TST_EXP_FAIL(getxattr(f, "", buf, sizeof(buf)), ERANGE,
		     "%s: getxattr() of the empty name", fs->name);
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
