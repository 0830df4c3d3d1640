// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sync(2) writes every dirty page cache page to the disk: pages of a file
 * on an ext4 loop device, dirty after write() (per /proc/kpageflags), are
 * clean when sync() returns, and the disk itself holds their data: the
 * blocks FS_IOC_FIEMAP (asked without FIEMAP_FLAG_SYNC, so it writes
 * nothing itself) maps the file to are allocated and not delayed, and
 * reading them from the block device with O_DIRECT, past every page
 * cache, returns the bytes written, a pattern unique to this run.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include "page_dirty.h"

#define MNT "mnt"
#define FNAME MNT "/sync01_file"
#define MAX_EXTENTS 16

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
		snprintf(expect + i * psz, 64, "sync01 pid %d iteration %d "
			 "page %d", (int)getpid(), iter, i);
		SAFE_PWRITE(1, fd, expect + i * psz, 64, i * psz);
	}
}

static void check_disk(int fd)
{
	struct {
		struct fiemap fm;
		struct fiemap_extent ext[MAX_EXTENTS];
	} f;
	struct fiemap_extent *e;
	unsigned int i;
	long off;
	int dev, page, bad = 0, mapped = 0;

	memset(&f, 0, sizeof(f));
	f.fm.fm_length = DIRTY_PAGES * psz;
	f.fm.fm_extent_count = MAX_EXTENTS;
	if (ioctl(fd, FS_IOC_FIEMAP, &f.fm))
		tst_brk(TBROK | TERRNO, "ioctl(FS_IOC_FIEMAP)");

	dev = SAFE_OPEN(tst_device->dev, O_RDONLY | O_DIRECT);
	for (page = 0; page < DIRTY_PAGES; page++) {
		off = page * psz;
		for (i = 0; i < f.fm.fm_mapped_extents; i++) {
			e = &f.ext[i];
			if ((long)e->fe_logical <= off &&
			    off < (long)(e->fe_logical + e->fe_length))
				break;
		}
		if (i == f.fm.fm_mapped_extents ||
		    (e->fe_flags & (FIEMAP_EXTENT_DELALLOC |
				    FIEMAP_EXTENT_UNKNOWN))) {
			tst_res(TFAIL, "page %d has no block on the disk after "
				"sync() (extent flags 0x%x)", page,
				i < f.fm.fm_mapped_extents ? e->fe_flags : 0);
			bad++;
			continue;
		}
		mapped++;
		SAFE_PREAD(1, dev, disk, psz,
			   e->fe_physical + (off - e->fe_logical));
		if (memcmp(disk, expect + off, psz)) {
			tst_res(TFAIL, "page %d on the disk is not what was "
				"written: \"%.40s\"", page, disk);
			bad++;
		}
	}
	SAFE_CLOSE(dev);
	if (!bad)
		tst_res(TPASS, "all %d pages read from %s with O_DIRECT hold "
			"the data written", mapped, tst_device->dev);
}

static void run(void)
{
	int fd, dirty;
	char *map;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	map = dirty_file_pages(fd);
	stamp_pages(fd);
	dirty = dirty_pages(map, DIRTY_PAGES);
	tst_res(TINFO, "%d of %d pages dirty before sync()", dirty,
		DIRTY_PAGES);

	sync();
	dirty = dirty_pages(map, DIRTY_PAGES);
	TST_EXP_EXPR(dirty == 0, "%d of %d pages still dirty after sync()",
		     dirty, DIRTY_PAGES);
	check_disk(fd);
	TST_EXP_EXPR(!memcmp(map, expect, DIRTY_PAGES * psz),
		     "the data reads back unchanged through the file");
	SAFE_MUNMAP(map, DIRTY_PAGES * psz);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FNAME);
}

static void setup(void)
{
	psz = getpagesize();
	expect = SAFE_MALLOC(DIRTY_PAGES * psz);
	disk = SAFE_MMAP(NULL, psz, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
