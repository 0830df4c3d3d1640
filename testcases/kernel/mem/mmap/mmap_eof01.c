// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap past EOF on ext4 with 4 KiB blocks (block size == page size).
 *
 * Asserts, for a file whose size is not page aligned and is mapped
 * MAP_SHARED: the part of the last page past EOF reads as zeros, a page
 * wholly past EOF raises SIGBUS, stores past EOF followed by msync() change
 * neither the size nor what read() returns, and after ftruncate() grows the
 * file the old tail reads as zeros through read(), a fresh mapping and
 * after a remount. Then the file grows by odd amounts with stores through
 * the mapping while another process keeps writeback running: no byte
 * within i_size may be lost.
 *
 * Catches: eeece469deda, ext4 writeback not zeroing the part of the EOF
 * page past i_size correctly, so stores past EOF reached the disk and came
 * back when the file grew. The grow race aims at the neighbouring window
 * that mpage_submit_page() documents: i_size must be sampled only after the
 * page is write-protected, or fresh data within the new i_size is zeroed;
 * a kernel with such a bug fails it by chance, not every run.
 */
#include <sys/statvfs.h>
#include "mmap_eof.h"

#define MNTPOINT "mntpoint"
#define FS_BLOCK 4096

static void setup(void)
{
	struct statvfs sv;

	if (statvfs(MNTPOINT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", MNTPOINT);
	if (sv.f_bsize != FS_BLOCK)
		tst_brk(TBROK, "%s has %lu byte blocks, mkfs was asked for %d",
			MNTPOINT, sv.f_bsize, FS_BLOCK);
	if ((size_t)getpagesize() < FS_BLOCK)
		tst_brk(TCONF, "page size %d is below the block size %d",
			getpagesize(), FS_BLOCK);
}

static void run(unsigned int n)
{
	size_t page = getpagesize();

	switch (n) {
	case 0:
		/* EOF in the middle of the last page */
		eof_tail_test(MNTPOINT, MNTPOINT, page + 1000, EOF_REMOUNT);
		break;
	case 1:
		/* one byte in the last page */
		eof_tail_test(MNTPOINT, MNTPOINT, 2 * page + 1, EOF_REMOUNT);
		break;
	case 2:
		eof_grow_race_test(MNTPOINT, MNTPOINT, EOF_REMOUNT);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.mount_device = 1,
	.mntpoint = MNTPOINT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]){ "-b", "4096", NULL },
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "eeece469deda" },
		{}
	},
};
