/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For tests on the filesystem matrix (.all_filesystems): unmount this
 * run's filesystem and mount its device again, so that what a test reads
 * afterwards comes from the disk, not from inodes and pages cached since
 * it was written. The test must be in the mount's root (its cwd, as the
 * matrix starts it) and hold nothing open on it.
 */
#ifndef FS_CYCLE_H
#define FS_CYCLE_H

#include <limits.h>
#include <unistd.h>
#include "tst_test.h"

/*
 * 0 after the umount and mount, the cwd the fresh mount's root. 1, with
 * nothing done, where there is no device to mount again: tmpfs (a new
 * instance would be empty), NFS and LTP_SINGLE_FS_TYPE=tmpdir.
 */
static inline int fs_cycle(void)
{
	char mnt[PATH_MAX];

	if (!tst_device)
		return 1;
	if (!getcwd(mnt, sizeof(mnt)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	if (chdir(tst_tmpdir_path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", tst_tmpdir_path);
	SAFE_UMOUNT(mnt);
	SAFE_MOUNT(tst_device->dev, mnt, tst_fs_type, 0, NULL);
	if (chdir(mnt))
		tst_brk(TBROK | TERRNO, "chdir(%s)", mnt);
	return 0;
}

#endif /* FS_CYCLE_H */
