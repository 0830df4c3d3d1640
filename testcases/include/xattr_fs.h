/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The two filesystems every *xattr test runs its cases on: ext4 on the
 * test device (mounted by the library at XATTR_MNT_EXT4) and a tmpfs that
 * setup mounts at XATTR_MNT_TMPFS inside the tmpdir. They store xattrs in
 * two different ways (on-disk entries, and the in-memory simple_xattr of
 * fs/xattr.c), behind the same syscalls and the same promised errors.
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
#include <sys/mount.h>
#include <sys/xattr.h>

#define XATTR_MNT_EXT4 "mnt_ext4"
#define XATTR_MNT_TMPFS "mnt_tmpfs"
#define XATTR_NFS 2

/* From include/uapi/linux/limits.h. */
#include "lapi/xattr.h"

#define XATTR_FS_TEST_FIELDS \
	.tcnt = XATTR_NFS, \
	.needs_root = 1, \
	.needs_tmpdir = 1, \
	.needs_device = 1, \
	.mount_device = 1, \
	.mntpoint = XATTR_MNT_EXT4, \
	.dev_fs_type = "ext4"

struct xattr_fs {
	const char *name;
	const char *mnt;
	const char *prefix;	/* "user." or "trusted."; NULL: no xattrs */
	char file[64];		/* the test file on it */
};

static struct xattr_fs xattr_fs[XATTR_NFS] = {
	{ .name = "ext4", .mnt = XATTR_MNT_EXT4 },
	{ .name = "tmpfs", .mnt = XATTR_MNT_TMPFS },
};
static int xattr_tmpfs_mounted;

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
	unsigned int i;

	SAFE_MKDIR(XATTR_MNT_TMPFS, 0755);
	SAFE_MOUNT("tmpfs", XATTR_MNT_TMPFS, "tmpfs", 0, NULL);
	xattr_tmpfs_mounted = 1;

	for (i = 0; i < XATTR_NFS; i++) {
		struct xattr_fs *fs = &xattr_fs[i];

		snprintf(fs->file, sizeof(fs->file), "%s/%s", fs->mnt,
			 file_name);
		xattr_fs_new_file(fs);
		fs->prefix = xattr_pick_prefix(fs);
		if (fs->prefix)
			tst_res(TINFO, "%s: using %s* names", fs->name,
				fs->prefix);
	}
}

static inline void xattr_fs_cleanup(void)
{
	if (xattr_tmpfs_mounted) {
		SAFE_UMOUNT(XATTR_MNT_TMPFS);
		xattr_tmpfs_mounted = 0;
	}
}

/* fs n of the test, or NULL (after a TCONF) when it has no xattrs. */
static inline struct xattr_fs *xattr_fs_get(unsigned int n)
{
	struct xattr_fs *fs = &xattr_fs[n];

	if (!fs->prefix) {
		tst_res(TCONF, "%s supports neither user.* nor trusted.* "
			"xattrs (CONFIG_TMPFS_XATTR / CONFIG_EXT4_FS_XATTR?)",
			fs->name);
		return NULL;
	}
	tst_res(TINFO, "on %s", fs->name);
	xattr_fs_new_file(fs);
	return fs;
}

#endif /* XATTR_FS_H */
