/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For the writeback tests on the filesystem matrix (.all_filesystems):
 * what the matrix's loop device has had written to it, read from the
 * block layer's own count (/sys/block/<dev>/stat, sectors written), and
 * a umount and mount of the matrix filesystem on its mount point, after
 * which only what reached the device reads back. tmpfs has no device:
 * fs_dev_sectors() is then 0 and fs_remount() returns 0 without doing
 * anything (a new tmpfs instance would be empty).
 */
#ifndef FS_SYNC_H
#define FS_SYNC_H

#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "tst_test.h"

static char fs_sync_mnt[PATH_MAX];
static char fs_sync_stat[PATH_MAX];

/* Call from setup(): the working directory is the matrix's mount. */
static inline void fs_sync_setup(void)
{
	char dev[PATH_MAX];

	if (!getcwd(fs_sync_mnt, sizeof(fs_sync_mnt)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	if (!tst_device)
		return;
	snprintf(dev, sizeof(dev), "%s", tst_device->dev);
	snprintf(fs_sync_stat, sizeof(fs_sync_stat), "/sys/block/%s/stat",
		 basename(dev));
	if (access(fs_sync_stat, R_OK))
		tst_brk(TBROK | TERRNO, "no %s", fs_sync_stat);
}

/* Sectors (512 bytes) written to the device since it was set up. */
static inline unsigned long long fs_dev_sectors(void)
{
	unsigned long long f[7];

	if (!tst_device)
		return 0;
	SAFE_FILE_SCANF(fs_sync_stat, "%llu %llu %llu %llu %llu %llu %llu",
			&f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6]);
	return f[6];
}

/*
 * Unmount the filesystem and mount its device again; the caller has
 * closed every file on it. Returns 1, or 0 on tmpfs (nothing done).
 */
static inline int fs_remount(void)
{
	if (!tst_device)
		return 0;
	if (chdir(".."))
		tst_brk(TBROK | TERRNO, "chdir(..)");
	SAFE_UMOUNT(fs_sync_mnt);
	SAFE_MOUNT(tst_device->dev, fs_sync_mnt, tst_fs_type, 0, NULL);
	if (chdir(fs_sync_mnt))
		tst_brk(TBROK | TERRNO, "chdir(%s)", fs_sync_mnt);
	return 1;
}

#endif /* FS_SYNC_H */
