// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap past EOF on tmpfs.
 *
 * Asserts, for a file whose size is not page aligned and is mapped
 * MAP_SHARED: the tail of the last page reads as zeros, a page wholly past
 * EOF raises SIGBUS, stores past EOF followed by msync() change neither
 * the size nor what read() returns, and after ftruncate() grows the file
 * its data and the new page read back intact. tmpfs has no writeback that
 * zeroes the old tail, so (as mmap(2) allows) the stores past EOF may show
 * up in the grown file: that range is reported, not checked. The grow race
 * of mmap_eof01 runs too: stores within i_size are never lost.
 *
 * The ext4 variants (mmap_eof01, mmap_eof02) catch eeece469deda; this one
 * is the reference behaviour of a filesystem without block writeback.
 */
#include "mmap_eof.h"

#define MNTPOINT "tmpfs"

static int mounted;

static void setup(void)
{
	SAFE_MKDIR(MNTPOINT, 0700);
	SAFE_MOUNT("tmpfs", MNTPOINT, "tmpfs", 0, "size=16m");
	mounted = 1;
}

static void cleanup(void)
{
	/* Detach: a test that broke off may still hold files open there. */
	if (mounted && umount2(MNTPOINT, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s, MNT_DETACH)", MNTPOINT);
}

static void run(unsigned int n)
{
	size_t page = getpagesize();

	switch (n) {
	case 0:
		eof_tail_test(MNTPOINT, NULL, page + 1000, EOF_TAIL_KEPT);
		break;
	case 1:
		eof_grow_race_test(MNTPOINT, NULL, 0);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_fs_type = "tmpfs",
};
