// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT readers of a file that buffered writers extend and then
 * rewrite, on every filesystem of the matrix with O_DIRECT.
 *
 * Set-up fills the free space with junk records and deletes them. Each
 * run first writes the file once with a junk-like pattern of its own,
 * fsync()s it, truncates it to 0 and syncs again, so the blocks the file
 * gets next held data a reader must never see. Then two writer processes
 * extend the file with buffered pwrite() of chunks (writer w the chunks
 * c with c % 2 == w, in order, fsync() now and then), so the file has a
 * hole wherever one writer is ahead of the other; once both reached the
 * end they rewrite every chunk with the next generation. A writer marks a
 * chunk's generation in shared memory as started before its pwrite() and
 * as done after it returned. Two O_DIRECT readers read windows of the file
 * at random aligned offsets, taking the marks before and after each read:
 *
 * - a record of a chunk is a record of that chunk's offset of a
 *   generation between the one done before the read began and the one
 *   started when it returned: no data of the deleted file or of the
 *   earlier contents (stale blocks), no data from the future, none of
 *   another offset; the O_DIRECT read writes the dirty page cache back
 *   first, so data a buffered write finished is seen;
 * - zeros only where no generation was done before the read: a hole (or
 *   a chunk whose first write was under way);
 * - the read ends no further than the end any writer started, and a short
 *   read no earlier than the end that was done before it began.
 *
 * At the end the file reads back exactly with O_DIRECT and buffered.
 * tmpfs on 6.1 has no O_DIRECT (TCONF).
 */
#include "dio_pattern.h"

#define FNAME		"extend_file"
#define JUNK		"junk_file"
#define NWRITE		2
#define NREAD		2
#define NCHUNK		256
#define WIN		8
#define BUDGET_MS	1000
#define WAIT_MS		20000

struct shared {
	uint32_t stop;
	uint32_t failed;
	uint32_t writers_done;
	uint32_t reads;
	uint32_t racing;
	uint32_t started_end[NWRITE];	/* chunks */
	uint32_t done_end[NWRITE];
	uint32_t started[NCHUNK];	/* generation started */
	uint32_t done[NCHUNK];		/* generation done */
};

static struct shared *sh;
static size_t align, chunk;
static uint32_t gen;

static int fail(void)
{
	dp_store(&sh->failed, 1);
	return 0;
}

static uint32_t max_of(const uint32_t *v)
{
	uint32_t a = dp_load(&v[0]), b = dp_load(&v[1]);

	return a > b ? a : b;
}

static void writer(unsigned int w)
{
	void *buf = dp_alloc(align, chunk);
	long long stop_ms = tst_mono_ms() + BUDGET_MS;
	unsigned int pass, c, n = 0;
	int fd = SAFE_OPEN(FNAME, O_WRONLY);

	TST_CHECKPOINT_WAIT(0);
	for (pass = 0; pass < 2; pass++) {
		uint32_t g = gen + pass;

		for (c = w; c < NCHUNK; c += NWRITE) {
			off_t off = (off_t)c * chunk;

			if (dp_load(&sh->failed) || tst_mono_ms() > stop_ms)
				goto out;
			dp_fill(buf, chunk, off, g);
			dp_store(&sh->started[c], g);
			if (!pass)
				dp_store(&sh->started_end[w], c + 1);
			SAFE_PWRITE(1, fd, buf, chunk, off);
			dp_store(&sh->done[c], g);
			if (!pass)
				dp_store(&sh->done_end[w], c + 1);
			if (!(++n % 16))
				SAFE_FSYNC(fd);
		}
	}
out:
	__atomic_add_fetch(&sh->writers_done, 1, __ATOMIC_SEQ_CST);
	SAFE_CLOSE(fd);
	free(buf);
	exit(0);
}

static int check_read(unsigned int id, const char *buf, ssize_t n, off_t off,
		      size_t len, const uint32_t *d0, const uint32_t *s1,
		      uint64_t dend0, uint64_t send1)
{
	uint64_t pos, end = off + n;
	char who[192];

	if (n < 0) {
		tst_res(TFAIL | TERRNO, "reader %u: O_DIRECT read of %zu at "
			"%lld", id, len, (long long)off);
		return fail();
	}
	if ((n > 0 && end > send1) ||
	    ((size_t)n < len && end < dend0)) {
		tst_res(TFAIL, "reader %u: O_DIRECT read of %zu at %lld "
			"returned %zd: writes had ended at %llu before it and "
			"had been started up to %llu when it returned", id, len,
			(long long)off, n, (unsigned long long)dend0,
			(unsigned long long)send1);
		return fail();
	}
	for (pos = off; pos < end; pos += DP_REC) {
		unsigned int i = pos / chunk - off / chunk;
		struct dp_expect e = { !d0[i], s1[i] != 0,
				       d0[i] ? d0[i] : gen, s1[i] };
		const struct dp_rec *r = (const void *)(buf + (pos - off));

		if (!e.data_ok)
			e.gen_max = gen;
		if (dp_rec_ok(r, pos, &e) || dp_rec_torn_ok(r, pos, &e))
			continue;
		snprintf(who, sizeof(who), "reader %u, O_DIRECT read of %zd "
			 "bytes at %lld, chunk %llu (generation %u done "
			 "before the read, %u started after it)", id, n,
			 (long long)off, (unsigned long long)(pos / chunk),
			 d0[i], s1[i]);
		return dp_check(who, r, DP_REC, pos, &e) || fail();
	}
	return 1;
}

static void reader(unsigned int id)
{
	size_t len = WIN * chunk;
	void *buf = dp_alloc(align, len);
	long long deadline = dp_deadline(WAIT_MS);
	uint32_t d0[WIN], s1[WIN];
	unsigned int seed = id * 7919 + gen;
	int fd = dp_open_direct(FNAME, O_RDONLY, 0);

	TST_CHECKPOINT_WAIT(0);
	while (dp_load(&sh->writers_done) < NWRITE && !dp_load(&sh->failed)) {
		uint64_t dend0, send1;
		unsigned int i, c0, span;
		ssize_t n;
		off_t off;

		span = max_of(sh->started_end) + 2;
		if (span > NCHUNK)
			span = NCHUNK;
		c0 = rand_r(&seed) % span;
		if (c0 + WIN > NCHUNK)
			c0 = NCHUNK - WIN;
		off = (off_t)c0 * chunk;
		dend0 = (uint64_t)max_of(sh->done_end) * chunk;
		for (i = 0; i < WIN; i++)
			d0[i] = dp_load(&sh->done[c0 + i]);
		n = pread(fd, buf, len, off);
		for (i = 0; i < WIN; i++)
			s1[i] = dp_load(&sh->started[c0 + i]);
		send1 = (uint64_t)max_of(sh->started_end) * chunk;
		if (!check_read(id, buf, n, off, len, d0, s1, dend0, send1))
			break;
		__atomic_add_fetch(&sh->reads, 1, __ATOMIC_SEQ_CST);
		for (i = 0; i < WIN; i++) {
			if (d0[i] != s1[i]) {
				__atomic_add_fetch(&sh->racing, 1,
						   __ATOMIC_SEQ_CST);
				break;
			}
		}
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "reader %u: the writers did not finish "
				"in %lld ms", id,
				(long long)(WAIT_MS * tst_timeout_mul()));
	}
	SAFE_CLOSE(fd);
	free(buf);
	exit(0);
}

static int check_file(int direct)
{
	size_t size = (size_t)NCHUNK * chunk;
	void *buf = dp_alloc(align, size);
	int fd = direct ? dp_open_direct(FNAME, O_RDONLY, 0) :
			  SAFE_OPEN(FNAME, O_RDONLY);
	uint64_t send = (uint64_t)max_of(sh->started_end) * chunk;
	ssize_t n = pread(fd, buf, size, 0);
	unsigned int c;
	struct stat st;
	int ok = 1;

	SAFE_FSTAT(fd, &st);
	if (n < 0 || (uint64_t)n != send || st.st_size != (off_t)send) {
		tst_res(TFAIL | TERRNO, "%s read of the whole file returned "
			"%zd, st_size %lld, after writes up to %llu",
			direct ? "O_DIRECT" : "buffered", n,
			(long long)st.st_size, (unsigned long long)send);
		ok = 0;
	}
	for (c = 0; ok && (uint64_t)c * chunk < send; c++) {
		uint32_t g = dp_load(&sh->done[c]);
		struct dp_expect e = { !g, !!g, g, g };

		ok = dp_check(direct ? "O_DIRECT read of the whole file" :
			      "buffered read of the whole file",
			      (char *)buf + (size_t)c * chunk, chunk,
			      (uint64_t)c * chunk, &e);
	}
	SAFE_CLOSE(fd);
	free(buf);
	return ok;
}

/* The blocks the file gets next held records of an older generation. */
static void stale_fill(void)
{
	size_t size = (size_t)NCHUNK * chunk;
	void *buf = dp_alloc(align, size);
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	dp_fill(buf, size, 0, gen - 1);
	SAFE_PWRITE(1, fd, buf, size, 0);
	SAFE_FSYNC(fd);
	SAFE_FTRUNCATE(fd, 0);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	free(buf);
}

static void run(void)
{
	pid_t pids[NWRITE + NREAD];
	unsigned int i, written = 0, second = 0;

	gen += 3;
	memset(sh, 0, sizeof(*sh));
	stale_fill();
	for (i = 0; i < NWRITE + NREAD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			if (i < NWRITE)
				writer(i);
			reader(i - NWRITE);
		}
	}
	TST_CHECKPOINT_WAKE2(0, NWRITE + NREAD);
	for (i = 0; i < NWRITE + NREAD; i++)
		reap_child(pids[i]);
	if (sh->failed)
		return;
	for (i = 0; i < NCHUNK; i++) {
		written += sh->done[i] != 0;
		second += sh->done[i] == gen + 1;
	}
	if (!check_file(1) || !check_file(0))
		return;
	tst_res(TPASS, "%u chunks of %zu bytes extended by 2 buffered "
		"writers, %u rewritten; %u O_DIRECT reads (%u during a write): "
		"no stale, future or misplaced data, zeros only in holes; the "
		"file reads back exactly", written, chunk, second, sh->reads,
		sh->racing);
}

static void setup(void)
{
	int fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	align = dp_dio_align(fd);
	/* NFS: st_blksize is the wsize (1 MiB); O_DIRECT needs no alignment */
	if (tst_fs_type && !strncmp(tst_fs_type, "nfs", 3))
		align = getpagesize();
	chunk = align;
	SAFE_CLOSE(fd);
	sh = dp_shared(sizeof(*sh));
	dp_dirty_free_space(JUNK, 2 * 1024 * 1024);
	tst_res(TINFO, "O_DIRECT alignment %zu: %d chunks of %zu bytes, "
		"O_DIRECT reads of %d chunks", align, NCHUNK, chunk, WIN);
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
