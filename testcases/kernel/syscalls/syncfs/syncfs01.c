// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * syncfs(2) writes back the dirty pages of the filesystem holding a
 * descriptor: pages of a file of the tmpdir, dirty after write() (per
 * /proc/kpageflags), are clean when syncfs() on another file of the same
 * filesystem (a directory descriptor) returns. A closed descriptor is
 * EBADF.
 */
#include "page_dirty.h"

#define FNAME "syncfs01_file"

static void run(void)
{
	long psz = getpagesize();
	int fd, dirfd, dirty;
	char *map;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	dirfd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	map = dirty_file_pages(fd);

	TST_EXP_PASS(syncfs(dirfd), "syncfs(tmpdir fd)");
	dirty = dirty_pages(map, DIRTY_PAGES);
	TST_EXP_EXPR(dirty == 0, "%d of %d pages still dirty after syncfs()",
		     dirty, DIRTY_PAGES);

	TST_EXP_FAIL(syncfs(-1), EBADF, "syncfs(-1)");
	SAFE_MUNMAP(map, DIRTY_PAGES * psz);
	SAFE_CLOSE(dirfd);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
