// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio-stress in short: three files (two opened O_DIRECT, one buffered),
 * two native AIO contexts with 16 iocbs in flight each, on every
 * filesystem of the matrix (tmpfs on 6.1, which has no O_DIRECT, runs
 * the buffered file only).
 *
 * Four stages, each over every unit of every file exactly once, the
 * units handed out to the two contexts in turn: sequential writes of
 * generation g, writes of generation g + 1 in a random order, reads in a
 * random order and sequential reads. For each stage:
 *
 * - every io_event names an iocb in flight in the context it was reaped
 *   from (obj and data), with res the unit size and res2 0;
 * - the events are exactly as many as the iocbs submitted, and their res
 *   add up to exactly the bytes of the stage: none lost, none twice;
 * - every unit a read returns holds generation g + 1's records of its
 *   offset.
 *
 * In the read stages, one iocb in flight in each batch is passed to
 * io_cancel(): fs/aio.c only cancels requests that set a cancel method
 * (poll), so a file read is EINVAL, and its completion must still come
 * once, whole and right. An IOCB_CMD_POLL on an empty pipe, which cannot
 * complete, is cancelled too: io_cancel() returns EINPROGRESS and the
 * poll's event comes once, with res 0.
 *
 * At the end each file's st_size is exact and it reads back exactly with
 * pread() (buffered, and O_DIRECT for the O_DIRECT files).
 */
#include <poll.h>
#include "dio_pattern.h"
#include "aio_raw.h"

#define NFILES		3
#define NCTX		2
#define DEPTH		16
#define NUNITS		96
#define WAIT_MS		10000

struct unit {
	unsigned int file, idx;
};

struct ctxs {
	aio_context_t ctx;
	struct iocb cbs[DEPTH];
	void *bufs[DEPTH];
	int busy[DEPTH];
	struct unit u[DEPTH];
	unsigned int inflight;
};

static int fds[NFILES];
static int direct[NFILES];
static size_t align, unit;
static uint32_t gen;
static struct ctxs cx[NCTX];
static struct unit order[NFILES * NUNITS];
static unsigned int nunits_total;
static unsigned int seed;

static int stage_ok;
static uint64_t ev_count, ev_bytes, cancels;

static void shuffle(void)
{
	unsigned int i;

	for (i = nunits_total - 1; i > 0; i--) {
		unsigned int j = rand_r(&seed) % (i + 1);
		struct unit t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
}

static void sequential(void)
{
	unsigned int f, i, n = 0;

	for (i = 0; i < NUNITS; i++) {
		for (f = 0; f < NFILES; f++) {
			if (fds[f] < 0)
				continue;
			order[n].file = f;
			order[n++].idx = i;
		}
	}
	nunits_total = n;
}

static int complete(struct ctxs *c, unsigned int ci, const struct io_event *ev,
		    int write, uint32_t g)
{
	struct iocb *cb = (struct iocb *)(uintptr_t)ev->obj;
	long slot = cb - c->cbs;
	char who[96];

	if (slot < 0 || slot >= DEPTH || !c->busy[slot] ||
	    ev->data != cb->aio_data || ev->res != (int64_t)unit || ev->res2) {
		tst_res(TFAIL, "context %u: io_event obj 0x%llx data %llu res "
			"%lld res2 %lld: not a whole %zu-byte %s of an iocb in "
			"flight there", ci, (unsigned long long)ev->obj,
			(unsigned long long)ev->data, (long long)ev->res,
			(long long)ev->res2, unit, write ? "write" : "read");
		return 0;
	}
	c->busy[slot] = 0;
	c->inflight--;
	ev_count++;
	ev_bytes += ev->res;
	if (!write) {
		struct dp_expect e = { 0, 1, g, g };

		snprintf(who, sizeof(who), "AIO read of file %u (%s), unit %u",
			 c->u[slot].file, direct[c->u[slot].file] ?
			 "O_DIRECT" : "buffered", c->u[slot].idx);
		if (!dp_check(who, c->bufs[slot], unit,
			      (uint64_t)c->u[slot].idx * unit, &e))
			return 0;
	}
	return 1;
}

static int reap(unsigned int ci, int write, uint32_t g)
{
	struct ctxs *c = &cx[ci];
	long long deadline = dp_deadline(WAIT_MS);
	struct io_event ev[DEPTH];
	long ret, i;

	do {
		struct timespec ts = { .tv_sec = 1 };

		ret = sys_io_getevents(c->ctx, 1, DEPTH, ev, &ts);
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "context %u: no AIO completion in %lld "
				"ms (%u in flight)", ci, (long long)(WAIT_MS *
				tst_timeout_mul()), c->inflight);
	} while (!ret || (ret < 0 && errno == EINTR));
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "io_getevents()");
	if (ret > c->inflight) {
		tst_res(TFAIL, "context %u: io_getevents() returned %ld events "
			"with %u iocbs in flight", ci, ret, c->inflight);
		return 0;
	}
	for (i = 0; i < ret; i++) {
		if (!complete(c, ci, &ev[i], write, g))
			return 0;
	}
	return 1;
}

/* One stage over order[]; 1 when every event and read was right. */
static int stage(const char *name, int write, uint32_t g)
{
	unsigned int next = 0, ci, s;
	uint64_t want_bytes = (uint64_t)nunits_total * unit;

	ev_count = ev_bytes = 0;
	for (;;) {
		for (ci = 0; ci < NCTX; ci++) {
			struct ctxs *c = &cx[ci];
			struct iocb *list[DEPTH];
			int n = 0, first = -1;
			long ret;

			for (s = 0; s < DEPTH && next < nunits_total; s++) {
				struct unit *u = &order[next];
				off_t off = (off_t)u->idx * unit;

				if (c->busy[s])
					continue;
				if (write)
					dp_fill(c->bufs[s], unit, off, g);
				else
					memset(c->bufs[s], 0x5a, unit);
				init_iocb(&c->cbs[s], write ? IOCB_CMD_PWRITE :
					  IOCB_CMD_PREAD, fds[u->file],
					  c->bufs[s], unit, off, next);
				c->u[s] = *u;
				c->busy[s] = 1;
				c->inflight++;
				list[n++] = &c->cbs[s];
				if (first < 0)
					first = s;
				next++;
				if (n == DEPTH / 4)
					break;
			}
			if (!n)
				continue;
			ret = sys_io_submit(c->ctx, n, list);
			if (ret != n)
				tst_brk(TBROK | TERRNO, "io_submit() of %d "
					"iocbs returned %ld", n, ret);
			if (!write) {
				struct io_event res;

				TEST(sys_io_cancel(c->ctx, &c->cbs[first],
						   &res));
				if (TST_RET != -1 || TST_ERR != EINVAL) {
					tst_res(TFAIL | TTERRNO, "io_cancel() "
						"of an AIO file read in flight "
						"returned %ld, expected EINVAL",
						TST_RET);
					return 0;
				}
				cancels++;
			}
		}
		if (!cx[0].inflight && !cx[1].inflight)
			break;
		for (ci = 0; ci < NCTX; ci++) {
			if (cx[ci].inflight && !reap(ci, write, g))
				return 0;
		}
	}
	if (ev_count != nunits_total || ev_bytes != want_bytes) {
		tst_res(TFAIL, "%s: %llu events, %llu bytes completed for %u "
			"iocbs of %zu bytes", name,
			(unsigned long long)ev_count,
			(unsigned long long)ev_bytes, nunits_total, unit);
		return 0;
	}
	tst_res(TINFO, "%s: %u iocbs, %llu bytes, all completed once",
		name, nunits_total, (unsigned long long)ev_bytes);
	return 1;
}

static void cancel_poll(void)
{
	struct timespec ts = { .tv_sec = 5 };
	struct io_event ev[2];
	struct iocb cb;
	int p[2];
	long ret;

	SAFE_PIPE(p);
	init_iocb(&cb, IOCB_CMD_POLL, p[0], NULL, 0, 0, 0x1234);
	cb.aio_buf = POLLIN;
	submit_one(cx[0].ctx, &cb);
	TST_EXP_FAIL(sys_io_cancel(cx[0].ctx, &cb, &ev[0]), EINPROGRESS,
		     "io_cancel() of an IOCB_CMD_POLL on an empty pipe");
	ts.tv_sec = 5 * tst_timeout_mul();
	memset(ev, 0, sizeof(ev));
	ret = sys_io_getevents(cx[0].ctx, 1, 2, ev, &ts);
	if (ret != 1)
		tst_res(TFAIL | TERRNO, "io_getevents() after the poll's "
			"cancel returned %ld, expected its one event", ret);
	else
		check_event(&ev[0], &cb, 0, "cancelled poll");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static int check_files(uint32_t g)
{
	size_t size = (size_t)NUNITS * unit;
	void *buf = dp_alloc(align, size);
	struct dp_expect e = { 0, 1, g, g };
	unsigned int f, pass;
	int ok = 1;

	for (f = 0; ok && f < NFILES; f++) {
		char name[32];
		struct stat st;

		if (fds[f] < 0)
			continue;
		snprintf(name, sizeof(name), "aio_file%u", f);
		for (pass = 0; ok && pass < 1U + direct[f]; pass++) {
			int fd = pass ? dp_open_direct(name, O_RDONLY, 0) :
					SAFE_OPEN(name, O_RDONLY);
			ssize_t n;

			memset(buf, 0x5a, size);
			n = pread(fd, buf, size, 0);
			SAFE_FSTAT(fd, &st);
			if (n != (ssize_t)size || st.st_size != (off_t)size) {
				tst_res(TFAIL | TERRNO, "%s: pread() of all "
					"returned %zd, st_size %lld, expected "
					"%zu", name, n, (long long)st.st_size,
					size);
				ok = 0;
			} else {
				ok = dp_check(pass ? "O_DIRECT read back" :
					      "buffered read back", buf, size,
					      0, &e);
			}
			SAFE_CLOSE(fd);
		}
	}
	free(buf);
	return ok;
}

static void run(void)
{
	unsigned int f;

	gen += 2;
	seed = gen * 2654435761U;
	cancels = 0;
	for (f = 0; f < NFILES; f++) {
		char name[32];

		snprintf(name, sizeof(name), "aio_file%u", f);
		if (direct[f] < 0) {
			fds[f] = -1;
			continue;
		}
		fds[f] = direct[f] ?
			 dp_open_direct(name, O_RDWR | O_CREAT | O_TRUNC, 0600) :
			 SAFE_OPEN(name, O_RDWR | O_CREAT | O_TRUNC, 0600);
	}
	for (f = 0; f < NCTX; f++)
		cx[f].ctx = new_aio_context(DEPTH);

	stage_ok = 0;
	sequential();
	if (!stage("sequential writes", 1, gen))
		goto out;
	shuffle();
	if (!stage("random writes", 1, gen + 1))
		goto out;
	shuffle();
	if (!stage("random reads", 0, gen + 1))
		goto out;
	sequential();
	if (!stage("sequential reads", 0, gen + 1))
		goto out;
	stage_ok = 1;
	cancel_poll();
out:
	for (f = 0; f < NCTX; f++) {
		sys_io_destroy(cx[f].ctx);
		cx[f].inflight = 0;
		memset(cx[f].busy, 0, sizeof(cx[f].busy));
	}
	for (f = 0; f < NFILES; f++) {
		if (fds[f] >= 0)
			SAFE_CLOSE(fds[f]);
	}
	if (!stage_ok || !check_files(gen + 1))
		return;
	tst_res(TPASS, "4 stages of %u iocbs of %zu bytes over %d files and "
		"%d contexts: every event whole and once, %llu io_cancel() "
		"of file reads EINVAL, the reads and the files exact",
		nunits_total, unit, NFILES, NCTX,
		(unsigned long long)cancels);
}

static void setup(void)
{
	unsigned int f, i;
	int fd;

	fd = open("probe", O_RDWR | O_CREAT | O_DIRECT, 0600);
	if (fd < 0 && errno != EINVAL)
		tst_brk(TBROK | TERRNO, "open(probe, O_DIRECT)");
	if (fd < 0) {
		tst_res(TINFO, "open(O_DIRECT) is EINVAL on %s: the buffered "
			"file only", tst_fs_type ? tst_fs_type : "this fs");
		fd = SAFE_OPEN("probe", O_RDWR | O_CREAT, 0600);
		direct[0] = direct[2] = -1;
		direct[1] = 0;
	} else {
		direct[0] = direct[2] = 1;
		direct[1] = 0;
	}
	align = dp_dio_align(fd);
	/* NFS: st_blksize is the wsize (1 MiB); O_DIRECT needs no alignment */
	if (tst_fs_type && !strncmp(tst_fs_type, "nfs", 3))
		align = getpagesize();
	SAFE_CLOSE(fd);
	SAFE_UNLINK("probe");
	unit = 2 * align;
	for (i = 0; i < NCTX; i++)
		for (f = 0; f < DEPTH; f++)
			cx[i].bufs[f] = dp_alloc(align, unit);
	tst_res(TINFO, "%zu-byte units, %d per file, %d iocbs in flight per "
		"context", unit, NUNITS, DEPTH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.matrix_nfs = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};
