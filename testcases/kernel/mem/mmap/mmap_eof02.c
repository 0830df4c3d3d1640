// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap past EOF on ext4 with 1 KiB blocks (several blocks per page).
 *
 * The same assertions as mmap_eof01, with EOF placed so that the block
 * holding it lies partly past i_size and further blocks of the page lie
 * wholly past it: writeback must zero the tail of the partial block it
 * writes, must not write the blocks past EOF, and a file grown over them
 * must read zeros there, also from the disk after a remount. The grow
 * race runs here too: with blocks smaller than a page, growing the file
 * write-protects the EOF page so that the next store allocates blocks.
 *
 * Catches: eeece469deda (see mmap_eof01).
 */
#include <sys/statvfs.h>
#include "mmap_eof.h"

#define MNTPOINT "mntpoint"
#define FS_BLOCK 1024

static void setup(void)
{
	struct statvfs sv;

	if (statvfs(MNTPOINT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", MNTPOINT);
	if (sv.f_bsize != FS_BLOCK)
		tst_brk(TBROK, "%s has %lu byte blocks, mkfs was asked for %d",
			MNTPOINT, sv.f_bsize, FS_BLOCK);
}

static void run(unsigned int n)
{
	size_t page = getpagesize();

	switch (n) {
	case 0:
		/* EOF 500 bytes into the second block of the last page */
		eof_tail_test(MNTPOINT, MNTPOINT, page + FS_BLOCK + 500,
			      EOF_REMOUNT);
		break;
	case 1:
		/* EOF one byte before the end of the first block */
		eof_tail_test(MNTPOINT, MNTPOINT, page + FS_BLOCK - 1,
			      EOF_REMOUNT);
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
	.dev_fs_opts = (const char *const[]){ "-b", "1024", NULL },
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "eeece469deda" },
		{}
	},
};
