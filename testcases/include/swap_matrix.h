/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * swapon01 and swapoff01 on the filesystem matrix: the swap file, the file
 * without a signature, the directory and the missing name live on the
 * matrix's filesystem (the working directory). Which filesystem can hold
 * a swap file (mm/swapfile.c, setup_swap_extents()):
 * - ext2/3/4 and xfs map it with their ->swap_activate (iomap): runs of
 *   physically contiguous extents, each rounded inward to whole
 *   page-aligned pages on the device (iomap_swapfile_add_extent()), so
 *   with 1 KiB blocks (ext2/3/4 on the 64 MB images; ext2/3 interleave
 *   indirect blocks) some pages are lost: the expected size is computed
 *   the same way from FS_IOC_FIEMAP;
 * - btrfs (btrfs_swap_activate()) only a NOCOW file: FS_NOCOW_FL is set
 *   on the empty file before it is written; a copy-on-write one is
 *   EINVAL;
 * - vfat, exFAT and ntfs3 have no ->swap_activate: the generic path maps
 *   the file with ->bmap, page by page, and uses only pages whose blocks
 *   are contiguous and page-aligned on the device, so the area may be
 *   smaller than the file (FAT's data area need not start on a page);
 * - tmpfs has neither: generic_swapfile_activate()'s bmap() fails,
 *   swapon() is EINVAL ("swapfile has holes").
 */
#ifndef SWAP_MATRIX_H
#define SWAP_MATRIX_H

#include <sys/ioctl.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include "swapfile.h"
#include "fs_matrix.h"

static char cow_path[PATH_MAX + 16];

/* 1 when this filesystem can hold a swap file */
static inline int swap_fs_can(void)
{
	return !fs_is("tmpfs");
}

/* the generic ->bmap path: the area may lose pages at misaligned blocks */
static inline int swap_fs_generic(void)
{
	return fs_is("vfat exfat ntfs3");
}

/*
 * The /proc/swaps size (KiB) the iomap path gives the swap file: its
 * extents joined where physically contiguous, whole device pages inside
 * each run counted, at most SWAP_PAGES, less the header page.
 */
static inline long swap_iomap_kb(const char *path)
{
	struct {
		struct fiemap fm;
		struct fiemap_extent ext[256];
	} f;
	unsigned long long start = 0, end = 0, psz = getpagesize();
	long pages = 0;
	unsigned int i;
	int fd = SAFE_OPEN(path, O_RDONLY);

	memset(&f, 0, sizeof(f));
	f.fm.fm_length = FIEMAP_MAX_OFFSET;
	f.fm.fm_flags = FIEMAP_FLAG_SYNC;
	f.fm.fm_extent_count = 256;
	if (ioctl(fd, FS_IOC_FIEMAP, &f.fm))
		tst_brk(TBROK | TERRNO, "FS_IOC_FIEMAP(%s)", path);
	SAFE_CLOSE(fd);
	if (f.fm.fm_mapped_extents == 256)
		tst_brk(TBROK, "%s has 256 extents or more", path);
	for (i = 0; i <= f.fm.fm_mapped_extents; i++) {
		struct fiemap_extent *e = &f.fm.fm_extents[i];

		if (i < f.fm.fm_mapped_extents && i && e->fe_physical == end) {
			end += e->fe_length;
			continue;
		}
		if (i) {
			start = (start + psz - 1) / psz;
			end /= psz;
			if (end > start)
				pages += end - start;
		}
		if (i < f.fm.fm_mapped_extents) {
			start = e->fe_physical;
			end = start + e->fe_length;
		}
	}
	if (pages > SWAP_PAGES)
		pages = SWAP_PAGES;
	return (pages - 1) * (psz / 1024);
}

static inline void set_nocow(const char *path)
{
	int fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int flags = 0;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS(%s)", path);
	flags |= FS_NOCOW_FL;
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS(FS_NOCOW_FL)");
	SAFE_CLOSE(fd);
}

static inline void swap_matrix_setup(void)
{
	char dir[PATH_MAX];

	if (!getcwd(dir, sizeof(dir)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	swap_paths_in(dir);
	snprintf(cow_path, sizeof(cow_path), "%s/cowswap", dir);
	if (fs_is("btrfs")) {
		set_nocow(swap_path);
		make_swapfile(cow_path, 1);
	}
	make_swapfile(swap_path, 1);
	make_swapfile(plain_path, 0);
	SAFE_MKDIR(dir_path, 0755);
}

/* Turn off whatever a failed test left on, the COW file included. */
static inline void swap_matrix_cleanup(void)
{
	swap_cleanup();
	if (cow_path[0] && swaps_entry(cow_path, NULL, NULL) &&
	    sys_swapoff(cow_path))
		tst_res(TWARN | TERRNO, "swapoff(%s) in cleanup", cow_path);
}

/*
 * swapon() of the swap file where the filesystem cannot hold one: the
 * documented EINVAL, and nothing listed.
 */
static inline void swap_check_refused(void)
{
	TST_EXP_FAIL(sys_swapon(swap_path, 0), EINVAL, "%s: swapon() of a "
		     "swap file (no ->swap_activate, no ->bmap)", tst_fs_type);
	TST_EXP_EXPR(!swaps_entry(swap_path, NULL, NULL),
		     "nothing listed in /proc/swaps");
}

#endif /* SWAP_MATRIX_H */
