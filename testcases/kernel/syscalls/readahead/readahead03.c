// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readahead(2) on ext4 on the test device:
 * 0: on a regular file it fills the page cache (the check of
 *    readahead_cache.h; readahead02 does it in the tmpdir, which is tmpfs
 *    in a QEMU guest and so cannot show it);
 * 1: on the block device itself it returns 0: block devices have a page
 *    cache and are the one other file type readahead() accepts;
 * 2: on the same file seen through an overlayfs mount (the file in the
 *    upper layer): readahead() of the overlay file returns 0 and fills
 *    the page cache of the real file (overlayfs passes the advice on,
 *    b833a3660394 "ovl: add ovl_fadvise()"; before it readahead() on an
 *    overlay file read nothing in, or failed with EINVAL).
 * The file is MNT/upper/readahead03_file, dropped from the cache through
 * its own descriptor each time. TCONF for case 2 without overlayfs.
 * Syscalls: readahead
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "readahead_cache.h"

#define MNT "mnt"
#define MERGED MNT "/merged"

static int ovl_fd = -1, ovl_mounted;

static void setup(void)
{
	SAFE_MKDIR(MNT "/lower", 0755);
	SAFE_MKDIR(MNT "/upper", 0755);
	SAFE_MKDIR(MNT "/work", 0755);
	SAFE_MKDIR(MERGED, 0755);
	ra_cache_setup(MNT "/upper/readahead03_file");
	if (mount("overlay", MERGED, "overlay", 0, "lowerdir=" MNT "/lower,"
		  "upperdir=" MNT "/upper,workdir=" MNT "/work")) {
		if (errno != ENODEV)
			tst_brk(TBROK | TERRNO, "mount(overlay)");
		tst_res(TINFO, "no overlayfs in this kernel (ENODEV)");
		return;
	}
	ovl_mounted = 1;
	ovl_fd = SAFE_OPEN(MERGED "/readahead03_file", O_RDONLY);
}

static void cleanup(void)
{
	if (ovl_fd >= 0)
		SAFE_CLOSE(ovl_fd);
	if (ovl_mounted)
		SAFE_UMOUNT(MERGED);
	ra_cache_cleanup();
}

static void run(unsigned int n)
{
	int fd;

	if (n == 0) {
		ra_cache_check();
		return;
	}
	if (n == 2) {
		if (!ovl_mounted)
			tst_res(TCONF, "no overlayfs in this kernel (mount: "
				"ENODEV)");
		else
			ra_cache_check_via(ovl_fd, "the overlayfs file");
		return;
	}
	fd = SAFE_OPEN(tst_device->dev, O_RDONLY);
	TST_EXP_PASS(readahead(fd, 0, 65536), "readahead() on %s",
		     tst_device->dev);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.tags = (const struct tst_tag[]) {
		/* ovl: add ovl_fadvise() */
		{"linux-git", "b833a3660394"},
		/* ovl: fix GPF in swapfile_activate of file from overlayfs
		 * over xfs (the regression b833a3660394 repairs; upstream
		 * LTP's readahead02 tags it too) */
		{"linux-git", "5b910bd615ba"},
		{}
	},
};
