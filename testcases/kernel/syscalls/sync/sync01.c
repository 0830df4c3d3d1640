// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sync(2) writes every dirty page cache page to the disk, on every
 * filesystem of the matrix (.all_filesystems; upstream's sync01 too):
 * - pages of a file dirty after write() (per /proc/kpageflags) are clean
 *   when sync() returns;
 * - the loop device's count of sectors written (/sys/block/<dev>/stat)
 *   grew by at least those pages;
 * - the disk itself holds the data: each filesystem block of the file,
 *   located without writing anything, is read from the block device with
 *   O_DIRECT, past every page cache, and holds the bytes written, a text
 *   unique to this run. ext2/3/4, xfs and ntfs3 locate it with
 *   FS_IOC_FIEMAP without FIEMAP_FLAG_SYNC, and the extent must be
 *   neither delayed nor unknown; vfat and exFAT have no ->fiemap
 *   (EOPNOTSUPP, asserted) and are asked with FIBMAP, which on them
 *   flushes nothing (generic_block_bmap()). btrfs's FIEMAP addresses are
 *   its own logical addresses, not device offsets: no disk read there;
 * - after a umount and mount the file reads back.
 * tmpfs has no device and keeps its pages in memory: the data must stay
 * as written, the other checks are not made (said once).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include "page_dirty.h"
#include "fs_matrix.h"
#include "fs_sync.h"

#define FNAME "sync01_file"
#define MAX_EXTENTS 64

static char *expect, *disk;
static long psz;

/* Stamp each page with its own text, different in every iteration. */
static void stamp_pages(int fd)
{
	static int iter;
	int i;

	iter++;
	for (i = 0; i < DIRTY_PAGES; i++) {
		SAFE_PREAD(1, fd, expect + i * psz, psz, i * psz);
		snprintf(expect + i * psz, 64, "sync01 %s pid %d iteration %d "
			 "page %d", tst_fs_type, (int)getpid(), iter, i);
		SAFE_PWRITE(1, fd, expect + i * psz, 64, i * psz);
	}
}

/* Device byte offset of file offset off, or -1 (reported as TFAIL). */
static long long locate(int fd, long off, int use_fibmap, int bsz)
{
	struct {
		struct fiemap fm;
		struct fiemap_extent ext[MAX_EXTENTS];
	} f;
	struct fiemap_extent *e;
	unsigned int i;
	int blk = off / bsz;

	if (use_fibmap) {
		if (ioctl(fd, FIBMAP, &blk))
			tst_brk(TBROK | TERRNO, "ioctl(FIBMAP)");
		if (blk > 0)
			return (long long)blk * bsz + off % bsz;
		tst_res(TFAIL, "offset %ld has no block after sync()", off);
		return -1;
	}
	memset(&f, 0, sizeof(f));
	f.fm.fm_start = off;
	f.fm.fm_length = bsz;
	f.fm.fm_extent_count = MAX_EXTENTS;
	if (ioctl(fd, FS_IOC_FIEMAP, &f.fm))
		tst_brk(TBROK | TERRNO, "ioctl(FS_IOC_FIEMAP)");
	for (i = 0; i < f.fm.fm_mapped_extents; i++) {
		e = &f.ext[i];
		if ((long)e->fe_logical <= off &&
		    off < (long)(e->fe_logical + e->fe_length))
			break;
	}
	if (i == f.fm.fm_mapped_extents ||
	    (e->fe_flags & (FIEMAP_EXTENT_DELALLOC | FIEMAP_EXTENT_UNKNOWN |
			    FIEMAP_EXTENT_ENCODED))) {
		tst_res(TFAIL, "offset %ld has no block on the disk after "
			"sync() (extent flags 0x%x)", off,
			i < f.fm.fm_mapped_extents ? e->fe_flags : 0);
		return -1;
	}
	return e->fe_physical + (off - e->fe_logical);
}

static void check_disk(int fd)
{
	struct fiemap fm;
	int dev, bsz = 0, use_fibmap = 0, bad = 0, blocks = 0;
	long long phys;
	long off;

	if (fs_is("btrfs")) {
		tst_res(TINFO, "btrfs: FIEMAP gives btrfs logical addresses, "
			"not device offsets; the disk is not read");
		return;
	}
	memset(&fm, 0, sizeof(fm));
	fm.fm_length = psz;
	if (ioctl(fd, FS_IOC_FIEMAP, &fm)) {
		if (errno == EOPNOTSUPP && fs_is("vfat exfat")) {
			tst_res(TPASS, "%s has no FS_IOC_FIEMAP: EOPNOTSUPP; "
				"FIBMAP instead", tst_fs_type);
			use_fibmap = 1;
		} else {
			tst_res(TFAIL | TERRNO, "FS_IOC_FIEMAP");
			return;
		}
	}
	if (ioctl(fd, FIGETBSZ, &bsz))
		tst_brk(TBROK | TERRNO, "ioctl(FIGETBSZ)");
	if (bsz < 512 || psz % bsz)
		tst_brk(TBROK, "block size %d", bsz);

	dev = SAFE_OPEN(tst_device->dev, O_RDONLY | O_DIRECT);
	for (off = 0; off < DIRTY_PAGES * psz; off += bsz) {
		phys = locate(fd, off, use_fibmap, bsz);
		if (phys < 0) {
			bad++;
			continue;
		}
		blocks++;
		SAFE_PREAD(1, dev, disk, bsz, phys);
		if (memcmp(disk, expect + off, bsz)) {
			tst_res(TFAIL, "block at offset %ld on the disk (byte "
				"%lld) is not what was written: \"%.40s\"",
				off, phys, disk);
			bad++;
		}
	}
	SAFE_CLOSE(dev);
	if (!bad)
		tst_res(TPASS, "all %d blocks of %d bytes read from %s with "
			"O_DIRECT hold the data written", blocks, bsz,
			tst_device->dev);
}

static void run(void)
{
	unsigned long long before, after;
	int fd, dirty;
	char *map, *rd;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (!tst_device) {
		SAFE_FTRUNCATE(fd, DIRTY_PAGES * psz);
		stamp_pages(fd);
		sync();
		rd = SAFE_MALLOC(DIRTY_PAGES * psz);
		SAFE_PREAD(1, fd, rd, DIRTY_PAGES * psz, 0);
		TST_EXP_EXPR(!memcmp(rd, expect, DIRTY_PAGES * psz),
			     "the data reads back unchanged after sync()");
		free(rd);
		tst_res(TINFO, "tmpfs: no device and no writeback, the dirty "
			"page and disk checks are not made");
		goto out;
	}
	before = fs_dev_sectors();
	map = dirty_file_pages(fd);
	stamp_pages(fd);
	dirty = dirty_pages(map, DIRTY_PAGES);
	tst_res(TINFO, "%d of %d pages dirty before sync()", dirty,
		DIRTY_PAGES);

	sync();
	dirty = dirty_pages(map, DIRTY_PAGES);
	after = fs_dev_sectors();
	TST_EXP_EXPR(dirty == 0, "%d of %d pages still dirty after sync()",
		     dirty, DIRTY_PAGES);
	TST_EXP_EXPR(after - before >=
		     (unsigned long long)(DIRTY_PAGES * psz / 512), "%llu "
		     "sectors written to %s (want at least %ld)",
		     after - before, tst_device->dev, DIRTY_PAGES * psz / 512);
	check_disk(fd);
	TST_EXP_EXPR(!memcmp(map, expect, DIRTY_PAGES * psz),
		     "the data reads back unchanged through the file");
	SAFE_MUNMAP(map, DIRTY_PAGES * psz);
	SAFE_CLOSE(fd);
	fs_remount();
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	rd = SAFE_MALLOC(DIRTY_PAGES * psz);
	SAFE_READ(1, fd, rd, DIRTY_PAGES * psz);
	TST_EXP_EXPR(!memcmp(rd, expect, DIRTY_PAGES * psz),
		     "the data reads back after umount and mount");
	free(rd);
out:
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FNAME);
}

static void setup(void)
{
	psz = getpagesize();
	fs_sync_setup();
	expect = SAFE_MALLOC(DIRTY_PAGES * psz);
	disk = SAFE_MMAP(NULL, psz, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
