// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setxattr(2) on every filesystem of the matrix (ext2 ext3 ext4
 * xfs btrfs ntfs3 tmpfs; .all_filesystems, xattr_fs.h), each case with its
 * exact result:
 * - a value of size 0 can be set (tmpfs returned ENOMEM for it before
 *   4e66d445d042) and reads back as 0 bytes,
 * - a value round-trips exactly (all 256 byte values),
 * - XATTR_CREATE on an existing name: EEXIST, the old value stays,
 * - XATTR_REPLACE on a missing name: ENODATA, and no attribute appears,
 * - XATTR_REPLACE on an existing name replaces the value,
 * - a name of XATTR_NAME_MAX (255) bytes is accepted, one of 256 bytes and
 *   the empty name fail with ERANGE,
 * - a value of XATTR_SIZE_MAX + 1 bytes fails with E2BIG,
 * - a flag other than XATTR_CREATE / XATTR_REPLACE fails with EINVAL and
 *   sets nothing.
 * vfat and exFAT have no xattrs: setxattr(), getxattr() and
 * removexattr() are EOPNOTSUPP there and listxattr() lists no user.*
 * or trusted.* name (asserted), then the cases are TCONF.
 */
#include <stdlib.h>
#include "tst_test.h"
#include "xattr_fs.h"

#define NAME_BUF (XATTR_NAME_MAX + 2)
#define VALUE_LEN 256

static unsigned char value[VALUE_LEN], value2[VALUE_LEN];
static unsigned char *big_value;

/* Exactly len bytes equal to exp stored under name? */
static void check_value(const char *file, const char *name,
			const unsigned char *exp, size_t len)
{
	unsigned char got[VALUE_LEN + 1];
	ssize_t ret = getxattr(file, name, got, sizeof(got));

	if (ret < 0) {
		tst_res(TFAIL | TERRNO, "getxattr(%s) after setxattr()", name);
		return;
	}
	if ((size_t)ret != len || memcmp(got, exp, len)) {
		tst_res(TFAIL, "%s reads back %zd bytes, not the %zu set",
			name, ret, len);
		return;
	}
	tst_res(TPASS, "%s reads back exactly the %zu bytes set", name, len);
}

static void check_absent(const char *file, const char *name)
{
	TST_EXP_FAIL(getxattr(file, name, NULL, 0), ENODATA,
		     "getxattr(%s) of an attribute never set", name);
}

static void setup(void)
{
	unsigned int i;

	for (i = 0; i < VALUE_LEN; i++) {
		value[i] = i;
		value2[i] = 255 - i;
	}
	big_value = SAFE_MALLOC(XATTR_SIZE_MAX + 1);
	memset(big_value, 'b', XATTR_SIZE_MAX + 1);
	xattr_fs_setup("setxattr01_file");
}

static void cleanup(void)
{
	xattr_fs_cleanup();
	free(big_value);
}

static void run(unsigned int n)
{
	struct xattr_fs *fs = xattr_fs_get(n);
	char empty[NAME_BUF], full[NAME_BUF], name[NAME_BUF];
	char max_name[NAME_BUF], long_name[NAME_BUF];
	const char *f;

	if (!fs)
		return;
	f = fs->file;
	xattr_name(fs, empty, sizeof(empty), "ltp_empty");
	xattr_name(fs, full, sizeof(full), "ltp_full");
	xattr_name(fs, name, sizeof(name), "ltp_other");
	xattr_long_name(fs, max_name, XATTR_NAME_MAX);
	xattr_long_name(fs, long_name, XATTR_NAME_MAX + 1);

	TST_EXP_PASS(setxattr(f, empty, "", 0, XATTR_CREATE),
		     "%s: setxattr(%s) of a 0-byte value", fs->name, empty);
	check_value(f, empty, value, 0);

	TST_EXP_PASS(setxattr(f, full, value, VALUE_LEN, XATTR_CREATE),
		     "%s: setxattr(%s) of %d bytes", fs->name, full,
		     VALUE_LEN);
	check_value(f, full, value, VALUE_LEN);

	TST_EXP_FAIL(setxattr(f, full, value2, VALUE_LEN, XATTR_CREATE),
		     EEXIST, "%s: XATTR_CREATE of an existing name", fs->name);
	check_value(f, full, value, VALUE_LEN);

	TST_EXP_FAIL(setxattr(f, name, value, VALUE_LEN, XATTR_REPLACE),
		     ENODATA, "%s: XATTR_REPLACE of a missing name", fs->name);
	check_absent(f, name);

	TST_EXP_PASS(setxattr(f, full, value2, VALUE_LEN, XATTR_REPLACE),
		     "%s: XATTR_REPLACE of an existing name", fs->name);
	check_value(f, full, value2, VALUE_LEN);

	TST_EXP_PASS(setxattr(f, max_name, value, 1, 0),
		     "%s: setxattr() of a %d byte name", fs->name,
		     XATTR_NAME_MAX);
	check_value(f, max_name, value, 1);

	TST_EXP_FAIL(setxattr(f, long_name, value, 1, 0), ERANGE,
		     "%s: setxattr() of a %d byte name", fs->name,
		     XATTR_NAME_MAX + 1);
	TST_EXP_FAIL(setxattr(f, "", value, 1, 0), ERANGE,
		     "%s: setxattr() of the empty name", fs->name);

	TST_EXP_FAIL(setxattr(f, name, big_value, XATTR_SIZE_MAX + 1, 0),
		     E2BIG, "%s: setxattr() of a %d byte value", fs->name,
		     XATTR_SIZE_MAX + 1);
	check_absent(f, name);

	TST_EXP_FAIL(setxattr(f, name, value, 1,
			      (XATTR_CREATE | XATTR_REPLACE) << 1),
		     EINVAL, "%s: setxattr() with an unknown flag", fs->name);
	check_absent(f, name);
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
