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
 * Catches: eeece469deda ("ext4: fix zeroing of page during writeback"):
 * writeback sampled i_size before write-protecting the page, so it zeroed
 * (on disk and in the page cache) data that had just become part of the
 * file, or wrote stores past EOF out.
 */
#include <sys/statvfs.h>
#include "mmap_eof.h"

#define MNTPOINT "mntpoint"
#define BLOCK_SIZE 4096

static void setup(void)
{
	struct statvfs sv;

	if (statvfs(MNTPOINT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", MNTPOINT);
	if (sv.f_bsize != BLOCK_SIZE)
		tst_brk(TBROK, "%s has %lu byte blocks, mkfs was asked for %d",
			MNTPOINT, sv.f_bsize, BLOCK_SIZE);
	if ((size_t)getpagesize() < BLOCK_SIZE)
		tst_brk(TCONF, "page size %d is below the block size %d",
			getpagesize(), BLOCK_SIZE);
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
