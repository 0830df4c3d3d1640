/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the overlayfs tests: a lower, an upper and a work directory
 * under one base directory, the overlay mounted on "ovl" beside them, and
 * small file and xattr helpers that read effects back. The tests mount in
 * a private mount namespace (mount_ns.h), so nothing they mount is seen
 * by other processes or outlives them.
 */
#ifndef OVL_HELPERS_H
#define OVL_HELPERS_H

#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "mount_ns.h"

#define OVL_MNT "ovl"

/* mount(2) of an overlay on OVL_MNT with the options opts; 0 or -1. */
static inline int ovl_mount_opts(const char *mnt, const char *opts)
{
	int ret = mount("overlay", mnt, "overlay", 0, opts);

	if (ret && errno == ENODEV)
		tst_brk(TCONF, "kernel lacks overlayfs (ENODEV)");
	return ret;
}

/* lowerdir=B/lower,upperdir=B/upper,workdir=B/work plus extra options. */
static inline int ovl_mount_base(const char *base, const char *extra)
{
	char opts[1024];

	snprintf(opts, sizeof(opts),
		 "lowerdir=%s/lower,upperdir=%s/upper,workdir=%s/work%s%s",
		 base, base, base, extra ? "," : "", extra ? extra : "");
	return ovl_mount_opts(OVL_MNT, opts);
}

static inline void ovl_mount_base_safe(const char *base, const char *extra)
{
	if (ovl_mount_base(base, extra))
		tst_brk(TBROK | TERRNO, "mount(overlay) on %s, base %s%s%s",
			OVL_MNT, base, extra ? ", " : "", extra ? extra : "");
}

static inline void ovl_make_dirs(const char *base)
{
	char p[256];

	snprintf(p, sizeof(p), "%s/lower", base);
	SAFE_MKDIR(p, 0755);
	snprintf(p, sizeof(p), "%s/upper", base);
	SAFE_MKDIR(p, 0755);
	snprintf(p, sizeof(p), "%s/work", base);
	SAFE_MKDIR(p, 0755);
}

/* Create (truncate) path with the bytes of s. */
static inline void ovl_put(const char *path, const char *s)
{
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (*s)
		SAFE_WRITE(1, fd, s, strlen(s));
	SAFE_CLOSE(fd);
}

/*
 * 1 when path holds exactly the bytes of s (read through a new open),
 * else 0 with a TINFO line saying what it holds.
 */
static inline int ovl_holds(const char *path, const char *s)
{
	char buf[256];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		tst_res(TINFO | TERRNO, "open(%s)", path);
		return 0;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0) {
		tst_res(TINFO | TERRNO, "read(%s)", path);
		return 0;
	}
	buf[n] = '\0';
	if ((size_t)n != strlen(s) || memcmp(buf, s, n)) {
		tst_res(TINFO, "%s holds '%s', not '%s'", path, buf, s);
		return 0;
	}
	return 1;
}

/* 1 when path does not exist (lstat ENOENT). */
static inline int ovl_gone(const char *path)
{
	struct stat st;

	return lstat(path, &st) && errno == ENOENT;
}

/*
 * The value of xattr name of path as a string ("" when absent, with
 * errno set); only for short values.
 */
static inline const char *ovl_xattr(const char *path, const char *name,
				    char *buf, size_t size)
{
	ssize_t n = lgetxattr(path, name, buf, size - 1);

	if (n < 0)
		n = 0;
	buf[n] = '\0';
	return buf;
}

/* 1 when path is a whiteout: a character device 0/0. */
static inline int ovl_is_whiteout(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return 0;
	return S_ISCHR(st.st_mode) && st.st_rdev == 0;
}

static inline int ovl_rm_one(const char *p, const struct stat *st, int type,
			     struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP ? rmdir(p) : unlink(p))
		tst_brk(TBROK | TERRNO, "removing %s", p);
	return 0;
}

/* Remove path and everything under it (after the overlay is unmounted). */
static inline void ovl_rm_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return;
	if (nftw(path, ovl_rm_one, 16, FTW_DEPTH | FTW_PHYS))
		tst_brk(TBROK | TERRNO, "nftw(%s)", path);
}

#endif /* OVL_HELPERS_H */
