/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the fs_stress tests on the filesystem matrix: unmount the
 * matrix's filesystem and mount its device again (what the kernel wrote
 * back is all that is left), and remove a tree the test made.
 */
#ifndef FS_STRESS_H
#define FS_STRESS_H

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"

/*
 * 1 when the filesystem can be unmounted and mounted again with its data
 * kept: every filesystem of the matrix but tmpfs, whose content lives
 * only as long as the mount.
 */
static inline int fs_can_remount(void)
{
	return tst_device != NULL;
}

/* The test's cwd is the mount point mnt (relative to the tmpdir). */
static inline void fs_remount(const char *mnt)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", tst_tmpdir_path, mnt);
	if (chdir(tst_tmpdir_path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", tst_tmpdir_path);
	SAFE_UMOUNT(path);
	SAFE_MOUNT(tst_device->dev, path, tst_fs_type, 0, NULL);
	if (chdir(path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", path);
}

static inline int fs_rm_one(const char *path, const struct stat *st,
			    int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if ((type == FTW_DP ? rmdir(path) : unlink(path)) && errno != ENOENT)
		tst_brk(TBROK | TERRNO, "removing %s", path);
	return 0;
}

/* rm -rf path */
static inline void fs_rm_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return;
	if (nftw(path, fs_rm_one, 32, FTW_DEPTH | FTW_PHYS))
		tst_brk(TBROK | TERRNO, "nftw(%s)", path);
}

#endif /* FS_STRESS_H */
