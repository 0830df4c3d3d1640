/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of dio_sparse01 (O_DIRECT pwrite()) and aiodio_sparse01 (O_DIRECT
 * through native AIO): a file is made sparse with ftruncate(), the test's
 * writer fills it chunk by chunk with O_DIRECT, and buffered readers read
 * it over and over meanwhile. The writer marks each chunk in shared memory
 * before it submits it (in flight) and after it completed (done); a reader
 * takes the marks of the chunks it reads before and after each read:
 *
 * - a chunk not yet submitted when the read returned is a hole: zeros only
 *   (anything else is stale data of the disk, the junk file deleted in
 *   set-up, or another chunk's data);
 * - a chunk done before the read began holds its data (the page cache of
 *   the hole was invalidated when the O_DIRECT write completed);
 * - a chunk in flight during the read: zeros or its data, record by record.
 *
 * At the end the whole file is read buffered and with O_DIRECT: data in
 * every chunk written, zeros elsewhere.
 *
 * The test defines ds_writer() (after including this header) and uses
 * ds_setup() and ds_run() in its struct tst_test.
 */
#ifndef DIO_SPARSE_H
#define DIO_SPARSE_H

#include "dio_pattern.h"

#define DS_FILE		"sparse_file"
#define DS_JUNK		"junk_file"
#define DS_NREAD	3
#define DS_RBUF		(64 * 1024)
#define DS_BUDGET_MS	2000
#define DS_WAIT_MS	30000
#define DS_GEN		1

enum { DS_HOLE, DS_INFLIGHT, DS_DONE };

struct ds_round {
	size_t chunk;
	unsigned int nchunks;
	int permuted;
};

struct ds_shared {
	uint32_t stop;
	uint32_t failed;
	uint32_t reads;
	uint32_t racing;
	uint32_t state[];
};

static size_t ds_align;
static struct ds_round ds_rounds[2];
static struct ds_shared *ds;

/* The test's writer: every chunk of r, ds_chunk(r, k) for k = 0, 1, ... */
static void ds_writer(int fd, const struct ds_round *r, long long stop_ms);

/* The k-th chunk to write: in order, or an odd stride over the 2^n. */
static inline unsigned int ds_chunk(const struct ds_round *r, unsigned int k)
{
	return r->permuted ? (k * 37) % r->nchunks : k;
}

static inline void ds_mark(unsigned int c, uint32_t state)
{
	dp_store(&ds->state[c], state);
}

static void ds_reader(unsigned int id, const struct ds_round *r)
{
	size_t size = r->chunk * r->nchunks;
	off_t off = (size / DS_NREAD * id) / r->chunk * r->chunk;
	uint32_t before[DS_RBUF / 1024 + 2], after[DS_RBUF / 1024 + 2];
	long long deadline = dp_deadline(DS_WAIT_MS);
	void *buf = dp_alloc(getpagesize(), DS_RBUF);
	int fd = SAFE_OPEN(DS_FILE, O_RDONLY);
	char who[96];

	TST_CHECKPOINT_WAIT(0);
	while (!dp_load(&ds->stop)) {
		size_t len = size - off < DS_RBUF ? size - off : DS_RBUF;
		unsigned int first = off / r->chunk;
		unsigned int last = (off + len - 1) / r->chunk, c;
		int racing = 0;
		ssize_t ret;

		for (c = first; c <= last; c++)
			before[c - first] = dp_load(&ds->state[c]);
		ret = pread(fd, buf, len, off);
		for (c = first; c <= last; c++)
			after[c - first] = dp_load(&ds->state[c]);
		if (ret != (ssize_t)len) {
			tst_res(TFAIL | TERRNO, "reader %u: buffered read of "
				"%zu bytes at %lld of the %zu-byte file "
				"returned %zd", id, len, (long long)off, size,
				ret);
			dp_store(&ds->failed, 1);
			break;
		}
		for (c = first; c <= last; c++) {
			uint32_t b = before[c - first], a = after[c - first];
			struct dp_expect e = {
				.zero_ok = b != DS_DONE,
				.data_ok = a != DS_HOLE,
				.gen_min = DS_GEN, .gen_max = DS_GEN,
			};
			uint64_t from = (uint64_t)c * r->chunk, to;

			if (from < (uint64_t)off)
				from = off;
			to = (uint64_t)(c + 1) * r->chunk;
			if (to > off + len)
				to = off + len;
			racing |= b != a || b == DS_INFLIGHT;
			snprintf(who, sizeof(who), "reader %u, chunk %u (%s "
				 "before the read, %s after)", id, c,
				 b == DS_DONE ? "written" : b == DS_HOLE ?
				 "a hole" : "being written",
				 a == DS_DONE ? "written" : a == DS_HOLE ?
				 "a hole" : "being written");
			if (!dp_check(who, (char *)buf + (from - off),
				      to - from, from, &e)) {
				dp_store(&ds->failed, 1);
				goto out;
			}
		}
		__atomic_add_fetch(&ds->reads, 1, __ATOMIC_SEQ_CST);
		if (racing)
			__atomic_add_fetch(&ds->racing, 1, __ATOMIC_SEQ_CST);
		off += len;
		if ((size_t)off >= size)
			off = 0;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "reader %u: the writer did not finish "
				"in %lld ms", id,
				(long long)(DS_WAIT_MS * tst_timeout_mul()));
	}
out:
	SAFE_CLOSE(fd);
	free(buf);
	exit(0);
}

/* After the writer: every chunk written holds its data, the rest zeros. */
static int ds_check_file(const struct ds_round *r, int direct)
{
	void *buf = dp_alloc(ds_align, r->chunk);
	int fd = direct ? dp_open_direct(DS_FILE, O_RDONLY, 0) :
			  SAFE_OPEN(DS_FILE, O_RDONLY);
	unsigned int c;
	int ok = 1;
	char who[96];

	for (c = 0; c < r->nchunks && ok; c++) {
		struct dp_expect e = {
			.zero_ok = ds->state[c] == DS_HOLE,
			.data_ok = ds->state[c] == DS_DONE,
			.gen_min = DS_GEN, .gen_max = DS_GEN,
		};
		off_t off = (off_t)c * r->chunk;
		ssize_t ret = pread(fd, buf, r->chunk, off);

		if (ret != (ssize_t)r->chunk) {
			tst_res(TFAIL | TERRNO, "%s read of chunk %u at %lld "
				"after the writer returned %zd",
				direct ? "O_DIRECT" : "buffered", c,
				(long long)off, ret);
			ok = 0;
			break;
		}
		snprintf(who, sizeof(who), "%s read of the whole file, "
			 "chunk %u (%s)", direct ? "O_DIRECT" : "buffered", c,
			 ds->state[c] == DS_DONE ? "written" : "never written");
		ok = dp_check(who, buf, r->chunk, off, &e);
	}
	SAFE_CLOSE(fd);
	free(buf);
	return ok;
}

static void ds_round_run(const struct ds_round *r)
{
	size_t size = r->chunk * r->nchunks;
	pid_t pids[DS_NREAD];
	unsigned int i, written = 0;
	int fd;

	memset(ds, 0, sizeof(*ds) + r->nchunks * sizeof(uint32_t));
	unlink(DS_FILE);
	fd = dp_open_direct(DS_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, size);

	for (i = 0; i < DS_NREAD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			ds_reader(i, r);
	}
	TST_CHECKPOINT_WAKE2(0, DS_NREAD);
	ds_writer(fd, r, tst_mono_ms() + DS_BUDGET_MS);
	dp_store(&ds->stop, 1);
	for (i = 0; i < DS_NREAD; i++)
		reap_child(pids[i]);
	SAFE_CLOSE(fd);

	for (i = 0; i < r->nchunks; i++)
		written += ds->state[i] == DS_DONE;
	if (written < r->nchunks)
		tst_res(TINFO, "the time budget of %d ms ended the writer "
			"after %u of %u chunks", DS_BUDGET_MS, written,
			r->nchunks);
	if (ds->failed)
		return;
	if (!ds_check_file(r, 0) || !ds_check_file(r, 1))
		return;
	tst_res(TPASS, "%u of %u %zu-byte chunks written with O_DIRECT (%s) "
		"while %d buffered readers read the file %u times (%u over a "
		"chunk being written): holes read as zeros only, written "
		"chunks as their data; after: the same in buffered and "
		"O_DIRECT reads", written, r->nchunks, r->chunk,
		r->permuted ? "stride 37" : "in order", DS_NREAD, ds->reads,
		ds->racing);
}

static void ds_run(void)
{
	ds_round_run(&ds_rounds[0]);
	ds_round_run(&ds_rounds[1]);
}

static void ds_setup(void)
{
	size_t big;
	int fd;

	fd = dp_open_direct(DS_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ds_align = dp_dio_align(fd);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(DS_FILE);

	/* 256 chunks of the alignment in order; 64 of 64 KiB, strided */
	ds_rounds[0].chunk = ds_align;
	ds_rounds[0].nchunks = 256;
	big = ds_align > 64 * 1024 ? ds_align : 64 * 1024;
	ds_rounds[1].chunk = big;
	ds_rounds[1].nchunks = 64;
	ds_rounds[1].permuted = 1;
	ds = dp_shared(sizeof(*ds) + 256 * sizeof(uint32_t));

	dp_dirty_free_space(DS_JUNK, 16 * 1024 * 1024);
	tst_res(TINFO, "O_DIRECT alignment %zu; free blocks filled with junk "
		"first", ds_align);
}

#endif /* DIO_SPARSE_H */
