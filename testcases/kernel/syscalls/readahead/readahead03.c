// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readahead(2) on ext4 on the test device:
 * 0: on a regular file it fills the page cache (the check of
 *    readahead_cache.h; readahead02 does it in the tmpdir, which is tmpfs
 *    in a QEMU guest and so cannot show it);
 * 1: on the block device itself it returns 0: block devices have a page
 *    cache and are the one other file type readahead() accepts.
 */
#include "tst_test.h"
#include "readahead_cache.h"

#define MNT "mnt"

static void setup(void)
{
	ra_cache_setup(MNT "/readahead03_file");
}

static void cleanup(void)
{
	ra_cache_cleanup();
}

static void run(unsigned int n)
{
	int fd;

	if (n == 0) {
		ra_cache_check();
		return;
	}
	fd = SAFE_OPEN(tst_device->dev, O_RDONLY);
	TST_EXP_PASS(readahead(fd, 0, 65536), "readahead() on %s",
		     tst_device->dev);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
