// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listxattr(2) on every filesystem of the matrix (ext2 ext3 ext4
 * xfs btrfs ntfs3 tmpfs; .all_filesystems, xattr_fs.h), each case with its
 * exact result:
 * - a file without attributes of the test lists none of them,
 * - an attribute with a 0-byte value is listed like any other (tmpfs
 *   could not store it before 4e66d445d042), each name exactly once,
 * - the size query (size 0) returns exactly the length of the list that
 *   a call with a buffer of that size then returns,
 * - a buffer one byte too small fails with ERANGE,
 * - a removed attribute leaves the list, which shrinks by its name.
 * vfat and exFAT have no xattrs: setxattr(), getxattr() and
 * removexattr() are EOPNOTSUPP there and listxattr() lists no user.*
 * or trusted.* name (asserted), then the cases are TCONF.
 */
#include "tst_test.h"
#include "xattr_fs.h"

#define NAME_BUF (XATTR_NAME_MAX + 2)
#define LIST_BUF 4096

static char list[LIST_BUF];

/* How often name occurs in a list of len bytes. */
static int count_name(const char *name, ssize_t len)
{
	ssize_t off = 0;
	int n = 0;

	while (off < len) {
		if (!strcmp(list + off, name))
			n++;
		off += strlen(list + off) + 1;
	}
	return n;
}

/* How many names of the test ("<prefix>ltp_...") a list holds. */
static int count_ours(const struct xattr_fs *fs, ssize_t len)
{
	char ours[NAME_BUF];
	ssize_t off = 0;
	size_t plen;
	int n = 0;

	xattr_name(fs, ours, sizeof(ours), "ltp_");
	plen = strlen(ours);
	while (off < len) {
		if (!strncmp(list + off, ours, plen))
			n++;
		off += strlen(list + off) + 1;
	}
	return n;
}

/* The size query, then a listing into a buffer of exactly that size. */
static ssize_t list_all(const struct xattr_fs *fs)
{
	ssize_t size;

	TST_EXP_POSITIVE(listxattr(fs->file, NULL, 0), "%s: size query",
			 fs->name);
	if (!TST_PASS)
		return -1;
	size = TST_RET;
	if (size > LIST_BUF)
		tst_brk(TBROK, "%s: list of %zd bytes, buffer %d", fs->name,
			size, LIST_BUF);
	TST_EXP_VAL(listxattr(fs->file, list, size), size,
		    "%s: listxattr() into %zd bytes", fs->name, size);
	return TST_PASS ? size : -1;
}

static void setup(void)
{
	xattr_fs_setup("listxattr01_file");
}

static void cleanup(void)
{
	xattr_fs_cleanup();
}

static void run(unsigned int n)
{
	struct xattr_fs *fs = xattr_fs_get(n);
	char empty[NAME_BUF], full[NAME_BUF];
	ssize_t len, len2;

	if (!fs)
		return;
	xattr_name(fs, empty, sizeof(empty), "ltp_empty");
	xattr_name(fs, full, sizeof(full), "ltp_full");

	len = list_all(fs);
	if (len < 0)
		return;
	TST_EXP_EQ_LI(count_ours(fs, len), 0);

	if (xattr_set_empty(fs, fs->file, empty))
		return;
	if (setxattr(fs->file, full, "value", 5, XATTR_CREATE))
		tst_brk(TBROK | TERRNO, "%s: setxattr(%s)", fs->name, full);

	len = list_all(fs);
	if (len < 0)
		return;
	TST_EXP_EXPR(count_name(empty, len) == 1,
		     "%s: %s (0-byte value) is listed once", fs->name, empty);
	TST_EXP_EXPR(count_name(full, len) == 1,
		     "%s: %s is listed once", fs->name, full);
	TST_EXP_EQ_LI(count_ours(fs, len), 2);

	TST_EXP_FAIL(listxattr(fs->file, list, len - 1), ERANGE,
		     "%s: listxattr() into %zd bytes", fs->name, len - 1);

	if (removexattr(fs->file, empty))
		tst_brk(TBROK | TERRNO, "%s: removexattr(%s)", fs->name, empty);
	len2 = list_all(fs);
	if (len2 < 0)
		return;
	TST_EXP_EXPR(count_name(empty, len2) == 0 &&
		     count_name(full, len2) == 1,
		     "%s: only %s is left listed", fs->name, full);
	TST_EXP_EQ_LI(len - len2, strlen(empty) + 1);
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
