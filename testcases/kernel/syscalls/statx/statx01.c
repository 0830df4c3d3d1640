// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx(2) with STATX_BASIC_STATS returns the same facts as stat(2), and
 * says so in stx_mask:
 * - stx_mask holds every STATX_BASIC_STATS bit (local filesystems fill
 *   them all), and STATX_MNT_ID (filled by the VFS since 5.8);
 * - type, mode, nlink, uid, gid, ino, size, blocks, blksize, the device
 *   numbers and the atime/mtime/ctime (to the nanosecond) equal stat()'s;
 * - stx_attributes_mask announces STATX_ATTR_MOUNT_ROOT, which is set for
 *   "/" and clear for a file in the tmpdir.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "statx01_file"

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0604, "statx01 data");
}

static int same_time(const struct statx_timestamp *a,
		     const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == (__u32)b->tv_nsec;
}

static void check_basic(void)
{
	struct statx stx;
	struct stat st;

	TST_EXP_PASS(statx(AT_FDCWD, FILE_NAME, 0, STATX_BASIC_STATS, &stx));
	if (!TST_PASS)
		return;
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR((stx.stx_mask & STATX_BASIC_STATS) == STATX_BASIC_STATS,
		     "stx_mask 0x%x holds STATX_BASIC_STATS", stx.stx_mask);
	TST_EXP_EXPR(stx.stx_mask & STATX_MNT_ID,
		     "stx_mask 0x%x holds STATX_MNT_ID", stx.stx_mask);
	TST_EXP_EQ_LI(stx.stx_mode, st.st_mode);
	TST_EXP_EQ_LI(stx.stx_nlink, st.st_nlink);
	TST_EXP_EQ_LI(stx.stx_uid, st.st_uid);
	TST_EXP_EQ_LI(stx.stx_gid, st.st_gid);
	TST_EXP_EQ_LU(stx.stx_ino, st.st_ino);
	TST_EXP_EQ_LI(stx.stx_size, st.st_size);
	TST_EXP_EQ_LI(stx.stx_size, strlen("statx01 data"));
	TST_EXP_EQ_LI(stx.stx_blocks, st.st_blocks);
	TST_EXP_EQ_LI(stx.stx_blksize, st.st_blksize);
	TST_EXP_EXPR(makedev(stx.stx_dev_major, stx.stx_dev_minor) ==
		     st.st_dev, "stx_dev %u:%u is st_dev",
		     stx.stx_dev_major, stx.stx_dev_minor);
	TST_EXP_EXPR(same_time(&stx.stx_atime, &st.st_atim) &&
		     same_time(&stx.stx_mtime, &st.st_mtim) &&
		     same_time(&stx.stx_ctime, &st.st_ctim),
		     "atime, mtime and ctime equal stat()'s to the ns");
}

static void check_mount_root(void)
{
	struct statx stx;

	TST_EXP_PASS(statx(AT_FDCWD, "/", 0, STATX_BASIC_STATS, &stx),
		     "statx(\"/\")");
	TST_EXP_EXPR(stx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT,
		     "stx_attributes_mask announces STATX_ATTR_MOUNT_ROOT");
	TST_EXP_EXPR(stx.stx_attributes & STATX_ATTR_MOUNT_ROOT,
		     "\"/\" is a mount root");
	TST_EXP_PASS(statx(AT_FDCWD, FILE_NAME, 0, STATX_BASIC_STATS, &stx));
	TST_EXP_EXPR(!(stx.stx_attributes & STATX_ATTR_MOUNT_ROOT),
		     "a file in the tmpdir is no mount root");
}

static void run(unsigned int n)
{
	if (n == 0)
		check_basic();
	else
		check_mount_root();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.min_kver = "5.8",
};
