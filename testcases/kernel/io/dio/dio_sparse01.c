// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT writes filling a sparse file never expose stale blocks to
 * buffered readers, on every filesystem with O_DIRECT.
 *
 * Set-up fills the free space with junk records and deletes them, so the
 * blocks the file gets next held junk. The file is made sparse with
 * ftruncate() and filled chunk by chunk with O_DIRECT pwrite() (256 chunks
 * of the O_DIRECT alignment in order, then 64 of 64 KiB in a stride),
 * while three buffered readers read it over and over: a chunk not yet
 * submitted must read as zeros (junk, or another chunk's data, is stale
 * data exposed), a chunk whose write completed before the read began must
 * read as its data (the page cache of the hole is invalidated), a chunk in
 * flight as either. Every record names its offset and generation, so a
 * failure says what was read where. Each pwrite() must write the whole
 * chunk; at the end the file reads back right buffered and with O_DIRECT.
 *
 * tmpfs on 6.1 has no O_DIRECT (open() is EINVAL: TCONF); 6.12 has it;
 * vfat and exfat zero-fill on ftruncate() (no holes) and write O_DIRECT
 * past their initialized size through the page cache.
 */
#include "dio_sparse.h"

static void ds_writer(int fd, const struct ds_round *r, long long stop_ms)
{
	void *buf = dp_alloc(ds_align, r->chunk);
	unsigned int k;

	for (k = 0; k < r->nchunks && tst_mono_ms() < stop_ms; k++) {
		unsigned int c = ds_chunk(r, k);
		off_t off = (off_t)c * r->chunk;
		ssize_t ret;

		dp_fill(buf, r->chunk, off, DS_GEN);
		ds_mark(c, DS_INFLIGHT);
		ret = pwrite(fd, buf, r->chunk, off);
		if (ret != (ssize_t)r->chunk) {
			tst_res(TFAIL | TERRNO, "O_DIRECT pwrite() of %zu "
				"bytes at %lld returned %zd", r->chunk,
				(long long)off, ret);
			dp_store(&ds->failed, 1);
			break;
		}
		ds_mark(c, DS_DONE);
	}
	free(buf);
}

static struct tst_test test = {
	.test_all = ds_run,
	.setup = ds_setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.all_filesystems = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};
