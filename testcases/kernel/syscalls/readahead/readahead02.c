// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readahead(2) on a regular file in the tmpdir fills the page cache: see
 * readahead_cache.h for the exact check. Runs unprivileged; needs a tmpdir
 * filesystem whose page cache can be dropped (a disk filesystem), and is
 * TCONF on one that keeps its pages resident (tmpfs). readahead03 does the
 * same on an ext4 test device, for guests whose tmpdir is tmpfs.
 */
#include "tst_test.h"
#include "readahead_cache.h"

static void setup(void)
{
	ra_cache_setup("readahead02_file");
}

static void cleanup(void)
{
	ra_cache_cleanup();
}

static struct tst_test test = {
	.test_all = ra_cache_check,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
