// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sync(2) writes back every dirty page cache page: pages of a file of the
 * tmpdir, dirty after write() (per /proc/kpageflags), are clean when
 * sync() returns, and their data reads back unchanged.
 */
#include <string.h>
#include "page_dirty.h"

#define FNAME "sync01_file"

static void run(void)
{
	long psz = getpagesize();
	int fd, dirty;
	char *map;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	map = dirty_file_pages(fd);
	tst_res(TINFO, "%d pages dirty before sync()", DIRTY_PAGES);

	sync();
	dirty = dirty_pages(map, DIRTY_PAGES);
	TST_EXP_EXPR(dirty == 0, "%d of %d pages still dirty after sync()",
		     dirty, DIRTY_PAGES);
	TST_EXP_EXPR(map[0] == map[DIRTY_PAGES * psz - 1] && map[0] >= 'a',
		     "the data reads back unchanged");
	SAFE_MUNMAP(map, DIRTY_PAGES * psz);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
