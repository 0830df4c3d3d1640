// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Native AIO O_DIRECT appends: io_submit() of IOCB_CMD_PWRITE at the
 * growing end of the file, 8 in flight at once, while two buffered readers
 * and one O_DIRECT reader read the file's tail over and over. On every
 * filesystem of the matrix with O_DIRECT.
 *
 * Set-up fills the free space with junk records and deletes them, so a
 * block exposed before its data was written reads as junk. The writer
 * submits chunk after chunk (each at the offset where the last submitted
 * one ends) and marks each chunk in shared memory as in flight before
 * io_submit() and as done once its io_event was reaped. Every io_event
 * must name an iocb in flight (obj and data) and complete it whole
 * (res the chunk size, res2 0), and as many events as iocbs submitted.
 *
 * A reader takes st_size with fstat(), the chunk marks, reads, and takes
 * the marks again:
 *
 * - every byte below st_size of a chunk done before the read began is the
 *   record of this run's generation for its offset (not zeros, not junk,
 *   not an earlier run's generation, not another offset's record);
 * - bytes of a chunk in flight during the read are zeros or that record
 *   (completions of appends may come in any order: a filesystem that
 *   sets the size at a later append's completion before an earlier one
 *   wrote its blocks shows those blocks unwritten, as zeros; the PASS
 *   line counts such zero records);
 * - bytes of a chunk not submitted when the read returned must not be
 *   there: the read ends no further than the end submitted, and a short
 *   read ends no earlier than the st_size fstat() gave before it.
 *
 * Then st_size is exactly the bytes appended and the file reads back
 * exactly, buffered and with O_DIRECT. tmpfs on 6.1 has no O_DIRECT
 * (TCONF); vfat and exfat turn an O_DIRECT write past their initialized
 * size into a buffered one (the same assertions hold).
 */
#include "dio_pattern.h"
#include "aio_raw.h"

#define FNAME		"append_file"
#define JUNK		"junk_file"
#define DEPTH		8
#define NREAD		3
#define NCHUNK		512
#define TAIL		12
#define BUDGET_MS	1000
#define WAIT_MS		20000

enum { NONE, INFLIGHT, DONE };

struct shared {
	uint32_t stop;
	uint32_t failed;
	uint32_t reads;
	uint32_t racing;
	uint32_t zeros_below_size;
	uint32_t submitted;		/* chunks submitted */
	uint32_t state[NCHUNK];
};

static struct shared *sh;
static size_t align, chunk;
static uint32_t gen;

static int fail(void)
{
	dp_store(&sh->failed, 1);
	return 0;
}

static int check_read(unsigned int id, const char *buf, ssize_t n, off_t off,
		      size_t len, off_t size0, const uint32_t *st0,
		      const uint32_t *st1, uint64_t subm1)
{
	const char *kind = id ? "buffered" : "O_DIRECT";
	uint64_t pos, end = off + n;
	char who[192];

	if (n < 0) {
		tst_res(TFAIL | TERRNO, "reader %u: %s read of %zu at %lld",
			id, kind, len, (long long)off);
		return fail();
	}
	if ((n > 0 && end > subm1) ||
	    ((size_t)n < len && end < (uint64_t)size0)) {
		tst_res(TFAIL, "reader %u: %s read of %zu at %lld returned "
			"%zd: st_size was %lld before it, %llu bytes were "
			"submitted when it returned", id, kind, len,
			(long long)off, n, (long long)size0,
			(unsigned long long)subm1);
		return fail();
	}
	for (pos = off; pos < end; pos += DP_REC) {
		unsigned int c = pos / chunk, i = c - off / chunk;
		struct dp_expect e = { 1, 1, gen, gen };
		const struct dp_rec *r = (const void *)(buf + (pos - off));

		if (st0[i] == DONE)
			e.zero_ok = 0;
		else if (st1[i] == NONE)
			e.data_ok = 0;
		if (dp_rec_ok(r, pos, &e) || dp_rec_torn_ok(r, pos, &e)) {
			if (dp_is_zero(r) && pos < (uint64_t)size0)
				__atomic_add_fetch(&sh->zeros_below_size, 1,
						   __ATOMIC_SEQ_CST);
			continue;
		}
		snprintf(who, sizeof(who), "reader %u, %s read of %zd bytes "
			 "at %lld (st_size %lld before it), chunk %u %s",
			 id, kind, n, (long long)off, (long long)size0, c,
			 st0[i] == DONE ? "complete before the read" :
			 st1[i] == NONE ? "not yet submitted" : "in flight");
		return dp_check(who, r, DP_REC, pos, &e) || fail();
	}
	return 1;
}

static void reader(unsigned int id)
{
	size_t len = (TAIL + 2) * chunk;
	void *buf = dp_alloc(align, len);
	long long deadline = dp_deadline(WAIT_MS);
	uint32_t st0[TAIL + 2], st1[TAIL + 2];
	int fd = id ? SAFE_OPEN(FNAME, O_RDONLY) :
		      dp_open_direct(FNAME, O_RDONLY, 0);

	TST_CHECKPOINT_WAIT(0);
	while (!dp_load(&sh->stop)) {
		unsigned int i, c0;
		uint64_t subm1;
		struct stat st;
		off_t off;
		ssize_t n;

		SAFE_FSTAT(fd, &st);
		off = st.st_size > (off_t)(TAIL * chunk) ?
		      st.st_size - (off_t)(TAIL * chunk) : 0;
		off = off / chunk * chunk;
		c0 = off / chunk;
		for (i = 0; i < TAIL + 2; i++)
			st0[i] = c0 + i < NCHUNK ?
				 dp_load(&sh->state[c0 + i]) : NONE;
		n = pread(fd, buf, len, off);
		for (i = 0; i < TAIL + 2; i++)
			st1[i] = c0 + i < NCHUNK ?
				 dp_load(&sh->state[c0 + i]) : NONE;
		subm1 = (uint64_t)dp_load(&sh->submitted) * chunk;
		if (!check_read(id, buf, n, off, len, st.st_size, st0, st1,
				subm1))
			break;
		__atomic_add_fetch(&sh->reads, 1, __ATOMIC_SEQ_CST);
		for (i = 0; i < TAIL + 2; i++) {
			if (st1[i] == INFLIGHT || st0[i] != st1[i]) {
				__atomic_add_fetch(&sh->racing, 1,
						   __ATOMIC_SEQ_CST);
				break;
			}
		}
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "reader %u: the writer did not finish "
				"in %lld ms", id,
				(long long)(WAIT_MS * tst_timeout_mul()));
	}
	SAFE_CLOSE(fd);
	free(buf);
	exit(0);
}

/* Reap at least one event; 0 when an event is wrong. */
static int reap(aio_context_t ctx, struct iocb *cbs, int *busy,
		unsigned int *inflight, uint64_t *events)
{
	long long deadline = dp_deadline(10000);
	struct io_event ev[DEPTH];
	long ret, i;

	do {
		struct timespec ts = { .tv_sec = 1 };

		ret = sys_io_getevents(ctx, 1, DEPTH, ev, &ts);
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "no AIO completion in %lld ms (%u in "
				"flight)", (long long)(10000 *
				tst_timeout_mul()), *inflight);
	} while (!ret || (ret < 0 && errno == EINTR));
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "io_getevents()");
	if (ret > *inflight) {
		tst_res(TFAIL, "io_getevents() returned %ld events with %u "
			"iocbs in flight", ret, *inflight);
		return fail();
	}
	for (i = 0; i < ret; i++) {
		struct iocb *cb = (struct iocb *)(uintptr_t)ev[i].obj;
		long slot = cb - cbs;

		if (slot < 0 || slot >= DEPTH || !busy[slot] ||
		    ev[i].data != cb->aio_data ||
		    ev[i].res != (int64_t)chunk || ev[i].res2) {
			tst_res(TFAIL, "io_event obj 0x%llx data %llu res %lld "
				"res2 %lld: not a whole %zu-byte append of an "
				"iocb in flight", (unsigned long long)ev[i].obj,
				(unsigned long long)ev[i].data,
				(long long)ev[i].res, (long long)ev[i].res2,
				chunk);
			return fail();
		}
		dp_store(&sh->state[cb->aio_data], DONE);
		busy[slot] = 0;
		(*inflight)--;
		(*events)++;
	}
	return 1;
}

static void run(void)
{
	aio_context_t ctx = new_aio_context(DEPTH);
	struct iocb cbs[DEPTH], *list[1];
	int busy[DEPTH] = { 0 };
	unsigned int inflight = 0, next = 0, maxfl = 0, i;
	uint64_t events = 0;
	void *bufs[DEPTH];
	pid_t pids[NREAD];
	long long stop_ms, t0, t1;
	int fd;

	gen++;
	memset(sh, 0, sizeof(*sh));
	fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < DEPTH; i++)
		bufs[i] = dp_alloc(align, chunk);
	for (i = 0; i < NREAD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			reader(i);
	}
	TST_CHECKPOINT_WAKE2(0, NREAD);
	t0 = tst_mono_ms();
	stop_ms = t0 + BUDGET_MS;
	for (;;) {
		for (i = 0; i < DEPTH; i++) {
			off_t off = (off_t)next * chunk;
			long ret;

			if (busy[i] || next >= NCHUNK || sh->failed ||
			    tst_mono_ms() >= stop_ms)
				continue;
			dp_fill(bufs[i], chunk, off, gen);
			init_iocb(&cbs[i], IOCB_CMD_PWRITE, fd, bufs[i], chunk,
				  off, next);
			dp_store(&sh->state[next], INFLIGHT);
			dp_store(&sh->submitted, next + 1);
			list[0] = &cbs[i];
			ret = sys_io_submit(ctx, 1, list);
			if (ret != 1)
				tst_brk(TBROK | TERRNO, "io_submit() of an "
					"O_DIRECT append at %lld returned %ld",
					(long long)off, ret);
			busy[i] = 1;
			next++;
			if (++inflight > maxfl)
				maxfl = inflight;
		}
		if (!inflight || !reap(ctx, cbs, busy, &inflight, &events))
			break;
	}
	t1 = tst_mono_ms();
	dp_store(&sh->stop, 1);
	for (i = 0; i < NREAD; i++)
		reap_child(pids[i]);
	sys_io_destroy(ctx);
	SAFE_CLOSE(fd);
	for (i = 0; i < DEPTH; i++)
		free(bufs[i]);
	if (sh->failed)
		return;
	if (events != next) {
		tst_res(TFAIL, "%llu io_events for %u appends submitted",
			(unsigned long long)events, next);
		return;
	}
	if (!dp_check_whole(FNAME, align, (size_t)next * chunk, gen, 0) ||
	    !dp_check_whole(FNAME, align, (size_t)next * chunk, gen, 1))
		return;
	tst_res(TPASS, "%u AIO O_DIRECT appends of %zu bytes (up to %u in "
		"flight), each io_event whole; %u tail reads (%u during an "
		"append, %u zero records below st_size in chunks in flight): "
		"only this generation's records or zeros where allowed; the "
		"file reads back exactly (%lld ms of appends, %lld ms in "
		"all)", next, chunk, maxfl, sh->reads, sh->racing,
		sh->zeros_below_size, t1 - t0, tst_mono_ms() - t0);
}

static void setup(void)
{
	int fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	long long t0;

	align = dp_dio_align(fd);
	/* NFS: st_blksize is the wsize (1 MiB); O_DIRECT needs no alignment */
	if (tst_fs_type && !strncmp(tst_fs_type, "nfs", 3))
		align = getpagesize();
	chunk = 2 * align;
	SAFE_CLOSE(fd);
	sh = dp_shared(sizeof(*sh));
	t0 = tst_mono_ms();
	dp_dirty_free_space(JUNK, 4 * 1024 * 1024);
	tst_res(TINFO, "O_DIRECT alignment %zu: %zu-byte appends, %d in "
		"flight, tail reads of %d chunks (junk written in %lld ms)",
		align, chunk, DEPTH, TAIL + 2, tst_mono_ms() - t0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.all_filesystems = 1,
	.matrix_nfs = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};
