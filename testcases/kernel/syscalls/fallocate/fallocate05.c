// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate(fd, 0, offset, len) on XFS with ranges that start and end
 * inside filesystem blocks allocates every block the range touches, from
 * the block holding offset to the one holding offset + len - 1. Until
 * e093c4be760e ("xfs: Fix tail rounding in xfs_alloc_file_space()") XFS
 * rounded up only len, so a range with a misaligned start lost its last
 * block (bs/2 + bs got one block, not two), and a write into that tail
 * could then fail with ENOSPC. For each range, on a new empty file:
 * - fallocate() succeeds and the size becomes offset + len;
 * - FS_IOC_FIEMAP maps [offset rounded down, offset + len rounded up) to
 *   extents without a gap, all unwritten (preallocated, not written);
 * - st_blocks counts at least those blocks;
 * - the whole range reads back as zeros.
 * Syscalls: fallocate, ioctl (FS_IOC_FIEMAP)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/statvfs.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include "tst_test.h"

#define MNT "mnt"
#define FILE_NAME MNT "/file"
#define MAX_EXT 64

static struct fiemap *fm;
static unsigned long bs;

/* start and length in units of bs/4: both misaligned, or one of them */
static const struct {
	unsigned int start, len;
} ranges[] = {
	{2, 4},		/* bs/2 + bs: the case of the fix, 2 blocks */
	{1, 1},		/* inside one block */
	{3, 2},		/* straddles one boundary */
	{1, 14},	/* 5 blocks, both ends inside a block */
	{4, 5},		/* aligned start, misaligned end */
	{3, 9},		/* misaligned start, aligned end */
};

static void check_range(unsigned int i)
{
	off_t off = ranges[i].start * bs / 4, len = ranges[i].len * bs / 4;
	off_t first = off / bs * bs;
	off_t end = (off + len + bs - 1) / bs * bs;
	off_t covered = first, n;
	unsigned int e, bad = 0, unwritten = 1;
	struct stat st;
	char *rd;
	int fd;

	fd = SAFE_OPEN(FILE_NAME, O_CREAT | O_RDWR | O_TRUNC, 0600);
	TST_EXP_PASS(fallocate(fd, 0, off, len), "fallocate(%ld, %ld)",
		     (long)off, (long)len);
	if (!TST_PASS)
		goto out;
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == off + len, "size %ld (want %ld)",
		     (long)st.st_size, (long)(off + len));

	memset(fm, 0, sizeof(*fm) + MAX_EXT * sizeof(struct fiemap_extent));
	fm->fm_start = 0;
	fm->fm_length = FIEMAP_MAX_OFFSET;
	fm->fm_extent_count = MAX_EXT;
	if (ioctl(fd, FS_IOC_FIEMAP, fm))
		tst_brk(TBROK | TERRNO, "FS_IOC_FIEMAP");
	/* extents come sorted by logical offset */
	for (e = 0; e < fm->fm_mapped_extents; e++) {
		struct fiemap_extent *x = &fm->fm_extents[e];
		off_t lo = x->fe_logical, hi = x->fe_logical + x->fe_length;

		if (hi <= covered || lo >= end)
			continue;
		if (lo > covered)
			break;
		covered = hi;
		if (!(x->fe_flags & FIEMAP_EXTENT_UNWRITTEN))
			unwritten = 0;
	}
	TST_EXP_EXPR(covered >= end, "blocks [%ld, %ld) of the range "
		     "%ld+%ld are mapped (mapped up to %ld, %u extents)",
		     (long)first, (long)end, (long)off, (long)len,
		     (long)covered, fm->fm_mapped_extents);
	TST_EXP_EXPR(unwritten, "those extents are unwritten");
	TST_EXP_EXPR(st.st_blocks * 512 >= end - first, "st_blocks %ld "
		     "covers the %ld bytes of those blocks",
		     (long)st.st_blocks, (long)(end - first));

	rd = SAFE_MALLOC(len);
	memset(rd, 'x', len);
	SAFE_PREAD(1, fd, rd, len, off);
	for (n = 0; n < len; n++)
		bad += rd[n] != 0;
	TST_EXP_EXPR(!bad, "the range reads back as zeros (%u bytes not)",
		     bad);
	free(rd);
out:
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FILE_NAME);
}

static void setup(void)
{
	struct statvfs sv;

	if (statvfs(MNT, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", MNT);
	bs = sv.f_bsize;
	if (bs < 4 || bs % 4)
		tst_brk(TBROK, "unexpected block size %lu", bs);
	tst_res(TINFO, "XFS block size %lu", bs);
	fm = SAFE_MALLOC(sizeof(*fm) + MAX_EXT * sizeof(struct fiemap_extent));
}

static void cleanup(void)
{
	free(fm);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(ranges),
	.test = check_range,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "xfs",
	.dev_min_size_mb = 300,
	.needs_fs_type = "xfs",
	.tags = (const struct tst_tag[]) {
		/* xfs: Fix tail rounding in xfs_alloc_file_space() */
		{"linux-git", "e093c4be760e"},
		{}
	},
};
