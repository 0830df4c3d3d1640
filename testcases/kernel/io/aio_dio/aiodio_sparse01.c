// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT writes submitted through native AIO (io_submit(), 16 in
 * flight) filling a sparse file never expose stale blocks to buffered
 * readers, on every filesystem with O_DIRECT.
 *
 * As dio_sparse01 (dio_sparse.h), with the writes in flight together: set-
 * up fills the free space with junk and deletes it, the file is made
 * sparse with ftruncate() and filled chunk by chunk (256 chunks of the
 * O_DIRECT alignment in order, then 64 of 64 KiB in a stride) while three
 * buffered readers read it: a chunk not yet submitted reads as zeros, a
 * chunk whose completion was reaped before the read began as its data, a
 * chunk in flight as either. Every io_event must name an iocb in flight
 * (obj and data) and complete it whole (res the chunk size, res2 0). At the
 * end the file reads back right buffered and with O_DIRECT.
 *
 * tmpfs on 6.1 has no O_DIRECT (open() is EINVAL: TCONF); 6.12 has it.
 */
#include "dio_sparse.h"
#include "aio_raw.h"

#define DEPTH	16

static void ds_writer(int fd, const struct ds_round *r, long long stop_ms)
{
	aio_context_t ctx = new_aio_context(DEPTH);
	struct iocb cbs[DEPTH], *list[1];
	struct io_event ev[DEPTH];
	void *bufs[DEPTH];
	int busy[DEPTH] = { 0 };
	unsigned int k = 0, inflight = 0, i;
	long long deadline;
	long ret;

	for (i = 0; i < DEPTH; i++)
		bufs[i] = dp_alloc(ds_align, r->chunk);

	for (;;) {
		/* refill every free slot while chunks and time are left */
		for (i = 0; i < DEPTH; i++) {
			unsigned int c;
			off_t off;

			if (busy[i] || k >= r->nchunks ||
			    tst_mono_ms() >= stop_ms || ds->failed)
				continue;
			c = ds_chunk(r, k++);
			off = (off_t)c * r->chunk;
			dp_fill(bufs[i], r->chunk, off, DS_GEN);
			init_iocb(&cbs[i], IOCB_CMD_PWRITE, fd, bufs[i],
				  r->chunk, off, c);
			ds_mark(c, DS_INFLIGHT);
			list[0] = &cbs[i];
			ret = sys_io_submit(ctx, 1, list);
			if (ret != 1)
				tst_brk(TBROK | TERRNO, "io_submit() of an "
					"O_DIRECT write at %lld returned %ld",
					(long long)off, ret);
			busy[i] = 1;
			inflight++;
		}
		if (!inflight)
			break;

		deadline = dp_deadline(10000);
		do {
			struct timespec ts = { .tv_sec = 1 };

			ret = sys_io_getevents(ctx, 1, DEPTH, ev, &ts);
			if (tst_mono_ms() > deadline)
				tst_brk(TBROK, "no AIO completion in %lld ms "
					"(%u in flight)", (long long)(10000 *
					tst_timeout_mul()), inflight);
		} while (!ret || (ret < 0 && errno == EINTR));
		if (ret < 0)
			tst_brk(TBROK | TERRNO, "io_getevents()");
		if (ret > inflight) {
			tst_res(TFAIL, "io_getevents() returned %ld events "
				"with %u iocbs in flight", ret, inflight);
			dp_store(&ds->failed, 1);
			break;
		}
		for (i = 0; i < (unsigned int)ret; i++) {
			struct iocb *cb = (struct iocb *)(uintptr_t)ev[i].obj;
			long slot = cb - cbs;

			if (slot < 0 || slot >= DEPTH || !busy[slot] ||
			    ev[i].data != cb->aio_data ||
			    ev[i].res != (int64_t)r->chunk || ev[i].res2) {
				tst_res(TFAIL, "io_event obj 0x%llx data %llu "
					"res %lld res2 %lld: not a whole "
					"%zu-byte write of an iocb in flight",
					(unsigned long long)ev[i].obj,
					(unsigned long long)ev[i].data,
					(long long)ev[i].res,
					(long long)ev[i].res2, r->chunk);
				dp_store(&ds->failed, 1);
				continue;
			}
			ds_mark(cb->aio_data, DS_DONE);
			busy[slot] = 0;
			inflight--;
		}
		if (ds->failed)
			break;
	}
	sys_io_destroy(ctx);
	for (i = 0; i < DEPTH; i++)
		free(bufs[i]);
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
