/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The filesystem every *xattr test runs its cases on: the filesystem
 * matrix (.all_filesystems), one filesystem per run, the test file in the
 * mount (the cwd). ext2/3/4, xfs, btrfs and ntfs3 keep xattrs on disk,
 * tmpfs in the in-memory simple_xattr of fs/xattr.c, behind the same
 * syscalls and the same promised errors. vfat and exFAT have no xattrs:
 * there setxattr(), getxattr() and removexattr() must fail with
 * EOPNOTSUPP and listxattr() list no user.* or trusted.* name, which
 * xattr_fs_get() asserts before the test's own cases are TCONF.
 *
 * Attribute names use the user.* namespace where the filesystem has it;
 * tmpfs gained user.* only in 6.6, so older kernels get trusted.* there
 * (the test runs as root), which goes through the same simple_xattr code.
 *
 * Include after tst_test.h; a test using it sets XATTR_FS_TEST_FIELDS in
 * its struct tst_test and calls xattr_fs_setup() / xattr_fs_cleanup().
 */
#ifndef XATTR_FS_H
#define XATTR_FS_H

#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>
#include "fs_matrix.h"

#define XATTR_NFS 1

/* From include/uapi/linux/limits.h. */
#include "lapi/xattr.h"

#define XATTR_FS_TEST_FIELDS \
	.tcnt = XATTR_NFS, \
	.needs_root = 1, \
	.all_filesystems = 1

struct xattr_fs {
	const char *name;
	const char *prefix;	/* "user." or "trusted."; NULL: no xattrs */
	char file[64];		/* the test file on it */
};

/* The filesystems of the matrix documented to have no xattrs at all. */
#define XATTR_FS_NONE "vfat exfat"

static struct xattr_fs xattr_fs[XATTR_NFS];

/* prefix + suffix into buf. */
static inline const char *xattr_name(const struct xattr_fs *fs, char *buf,
				     size_t size, const char *suffix)
{
	snprintf(buf, size, "%s%s", fs->prefix, suffix);
	return buf;
}

/* A name of exactly len bytes in fs's namespace: the prefix, then 'n's. */
static inline const char *xattr_long_name(const struct xattr_fs *fs,
					  char *buf, size_t len)
{
	size_t plen = strlen(fs->prefix);

	memcpy(buf, fs->prefix, plen);
	memset(buf + plen, 'n', len - plen);
	buf[len] = '\0';
	return buf;
}

/*
 * Set name to a 0-byte value on path. A 0-byte value is valid: a kernel
 * that refuses it has the bug 4e66d445d042 fixed, so that is a TFAIL of
 * the calling test, not a broken set-up. Returns 0 when the value is set.
 */
static inline int xattr_set_empty(const struct xattr_fs *fs, const char *path,
				  const char *name)
{
	if (!setxattr(path, name, "", 0, XATTR_CREATE))
		return 0;
	tst_res(TFAIL | TERRNO, "%s: setxattr(%s, 0 bytes)", fs->name, name);
	return -1;
}

/* (Re)create fs's test file, empty and without attributes. */
static inline void xattr_fs_new_file(struct xattr_fs *fs)
{
	int fd;

	if (!access(fs->file, F_OK))
		SAFE_UNLINK(fs->file);
	fd = SAFE_OPEN(fs->file, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
}

/* The first namespace of user., trusted. that fs stores, or NULL. */
static inline const char *xattr_pick_prefix(struct xattr_fs *fs)
{
	static const char *const prefixes[] = { "user.", "trusted." };
	char name[64];
	unsigned int i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		snprintf(name, sizeof(name), "%sltp_probe", prefixes[i]);
		if (!setxattr(fs->file, name, "1", 1, XATTR_CREATE)) {
			if (removexattr(fs->file, name))
				tst_brk(TBROK | TERRNO, "removexattr(%s)", name);
			return prefixes[i];
		}
		if (errno != EOPNOTSUPP)
			tst_brk(TBROK | TERRNO, "setxattr(%s, %s)", fs->file,
				name);
		tst_res(TINFO, "%s has no %s* xattrs", fs->name, prefixes[i]);
	}
	return NULL;
}

static inline void xattr_fs_setup(const char *file_name)
{
	struct xattr_fs *fs = &xattr_fs[0];

	fs->name = tst_fs_type;
	snprintf(fs->file, sizeof(fs->file), "%s", file_name);
	xattr_fs_new_file(fs);
	fs->prefix = xattr_pick_prefix(fs);
	if (fs->prefix)
		tst_res(TINFO, "%s: using %s* names", fs->name, fs->prefix);
}

static inline void xattr_fs_cleanup(void)
{
}

/*
 * A filesystem without xattrs: each call that names an attribute is
 * EOPNOTSUPP, and the list holds no user.* or trusted.* name (only what
 * an LSM may add under security.*).
 */
static inline void xattr_fs_check_none(struct xattr_fs *fs)
{
	char list[1024], buf[8];
	ssize_t len, i;

	TST_EXP_FAIL(setxattr(fs->file, "user.ltp", "1", 1, 0), EOPNOTSUPP,
		     "%s: setxattr(user.ltp)", fs->name);
	TST_EXP_FAIL(setxattr(fs->file, "trusted.ltp", "1", 1, 0), EOPNOTSUPP,
		     "%s: setxattr(trusted.ltp)", fs->name);
	TST_EXP_FAIL(getxattr(fs->file, "user.ltp", buf, sizeof(buf)),
		     EOPNOTSUPP, "%s: getxattr(user.ltp)", fs->name);
	TST_EXP_FAIL(removexattr(fs->file, "user.ltp"), EOPNOTSUPP,
		     "%s: removexattr(user.ltp)", fs->name);
	len = listxattr(fs->file, list, sizeof(list));
	if (len < 0) {
		tst_res(TFAIL | TERRNO, "%s: listxattr()", fs->name);
		return;
	}
	for (i = 0; i < len; i += strlen(list + i) + 1) {
		if (strncmp(list + i, "security.", 9)) {
			tst_res(TFAIL, "%s: listxattr() lists %s", fs->name,
				list + i);
			return;
		}
	}
	tst_res(TPASS, "%s: listxattr() lists no user.* or trusted.* name "
		"(%zd bytes)", fs->name, len);
}

/*
 * fs n of the test, or NULL when it has no xattrs: on vfat and exFAT
 * that is asserted as their documented EOPNOTSUPP, then TCONF; on any
 * other filesystem of the matrix it is a failure.
 */
static inline struct xattr_fs *xattr_fs_get(unsigned int n)
{
	struct xattr_fs *fs = &xattr_fs[n];

	if (!fs->prefix) {
		if (fs_is(XATTR_FS_NONE)) {
			xattr_fs_check_none(fs);
			tst_res(TCONF, "%s has no xattrs", fs->name);
		} else if (fs_is("tmpdir")) {
			tst_res(TCONF, "the tmpdir's filesystem supports "
				"neither user.* nor trusted.* xattrs");
		} else {
			tst_res(TFAIL, "%s supports neither user.* nor "
				"trusted.* xattrs", fs->name);
		}
		return NULL;
	}
	tst_res(TINFO, "on %s", fs->name);
	xattr_fs_new_file(fs);
	return fs;
}

#endif /* XATTR_FS_H */
