// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT reads of a file that is truncated to 0 and written again return
 * only what the file held: zeros or the current data, never a block of an
 * earlier generation, junk or garbage, and never a length past EOF.
 *
 * The parent writes generations: it writes a junk file with O_DIRECT and
 * truncates it (so freed blocks hold junk), truncates the file to 0,
 * publishes the generation, then appends 16 writes of 4 alignment units
 * with O_DIRECT pwrite(), extending the file with ftruncate() by a gap of
 * 8 units after the eighth. Before each step it publishes the end the
 * step may reach, after it the end that is complete. Three children read
 * the file from 0 to EOF with O_DIRECT, 8 units at a time, over and over.
 * For a read during which the generation did not change:
 *
 * - bytes below the end complete when the read began are exactly the
 *   generation's data, or zeros in the gap (a zero there is a lost write,
 *   an older generation a stale block);
 * - bytes beyond it are zeros or the generation's data;
 * - a read that returns data never ends past the end published after it
 *   returned, and a short one (or 0 at EOF) not before the end complete
 *   when it began.
 *
 * A read that spanned a truncation may see zeros or any generation from
 * the one before to the one after it, and must not end past the file's
 * largest size. Every record carries its offset and generation: a failure
 * names what was read where. At the end the file reads back exactly,
 * buffered and with O_DIRECT.
 *
 * tmpfs on 6.1 has no O_DIRECT (open() is EINVAL: TCONF); 6.12 has it;
 * vfat and exfat write O_DIRECT past their initialized size through the
 * page cache and zero-fill the gap.
 */
#include "dio_pattern.h"

#define FNAME		"trunc_file"
#define JUNK		"junk_file"
#define NREAD		3
#define NWRITES		16
#define WUNITS		4
#define GAPUNITS	8
#define RUNITS		8
#define MAX_GENS	200
#define BUDGET_MS	1500
#define WAIT_MS		30000

struct shared {
	uint32_t stop;
	uint32_t failed;
	uint32_t gen_begin;
	uint32_t gen;
	uint32_t done_end;
	uint32_t start_end;
	uint32_t reads;
	uint32_t spanning;
};

static struct shared *sh;
static size_t align, wlen, gap, fsize;

static off_t write_off(unsigned int k)
{
	return (off_t)k * wlen + (k >= NWRITES / 2 ? gap : 0);
}

static int in_gap(uint64_t pos)
{
	return pos >= NWRITES / 2 * wlen && pos < NWRITES / 2 * wlen + gap;
}

static int fail(void)
{
	dp_store(&sh->failed, 1);
	return 0;
}

/* Check one read of n bytes at off, made between the two snapshots. */
static int check_read(unsigned int id, const char *buf, ssize_t n, off_t off,
		      size_t len, uint32_t gb, uint32_t db, uint32_t sa,
		      uint32_t ga)
{
	uint64_t end = off + n, pos;
	char who[160];

	if (n < 0) {
		tst_res(TFAIL | TERRNO, "reader %u: O_DIRECT read of %zu at "
			"%lld", id, len, (long long)off);
		return fail();
	}
	if (gb != ga) {
		struct dp_expect e = { 1, 1, gb, ga };

		if (n > 0 && end > fsize) {
			tst_res(TFAIL, "reader %u: O_DIRECT read at %lld "
				"returned %zd bytes, past the largest size "
				"the file had (%zu)", id, (long long)off, n,
				fsize);
			return fail();
		}
		snprintf(who, sizeof(who), "reader %u, read of %zd bytes at "
			 "%lld across generations %u..%u", id, n,
			 (long long)off, gb, ga);
		return dp_check(who, buf, n, off, &e) || fail();
	}
	if ((n > 0 && end > sa) || ((size_t)n < len && end < db)) {
		tst_res(TFAIL, "reader %u: generation %u: O_DIRECT read of "
			"%zu at %lld returned %zd: the file's size was at "
			"least %u when it began and at most %u when it "
			"returned", id, gb, len, (long long)off, n, db, sa);
		return fail();
	}
	for (pos = off; pos < end; pos += DP_REC) {
		struct dp_expect e = { 1, 1, gb, gb };

		if (pos < db) {
			e.zero_ok = in_gap(pos);
			e.data_ok = !in_gap(pos);
		}
		if (dp_rec_ok((const void *)(buf + (pos - off)), pos, &e) ||
		    dp_rec_torn_ok((const void *)(buf + (pos - off)), pos, &e))
			continue;
		snprintf(who, sizeof(who), "reader %u, generation %u, read of "
			 "%zd bytes at %lld (%u bytes complete before it)",
			 id, gb, n, (long long)off, db);
		return dp_check(who, buf + (pos - off), DP_REC, pos, &e) ||
		       fail();
	}
	return 1;
}

static void reader(unsigned int id)
{
	size_t len = RUNITS * align;
	void *buf = dp_alloc(align, len);
	long long deadline = dp_deadline(WAIT_MS);
	int fd = dp_open_direct(FNAME, O_RDONLY, 0);
	off_t off = 0;

	TST_CHECKPOINT_WAIT(0);
	while (!dp_load(&sh->stop)) {
		uint32_t gb, db, sa, ga;
		ssize_t n;

		/*
		 * The generation is stable over the read when none began
		 * since the one published before it (gen_begin is stored
		 * before the truncation, gen after it and the reset ends).
		 */
		gb = dp_load(&sh->gen);
		db = dp_load(&sh->done_end);
		n = pread(fd, buf, len, off);
		sa = dp_load(&sh->start_end);
		ga = dp_load(&sh->gen_begin);
		if (!check_read(id, buf, n, off, len, gb, db, sa, ga))
			break;
		__atomic_add_fetch(&sh->reads, 1, __ATOMIC_SEQ_CST);
		if (gb != ga)
			__atomic_add_fetch(&sh->spanning, 1, __ATOMIC_SEQ_CST);
		off = (size_t)n == len ? off + n : 0;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "reader %u: the writer did not finish "
				"in %lld ms", id,
				(long long)(WAIT_MS * tst_timeout_mul()));
	}
	SAFE_CLOSE(fd);
	free(buf);
	exit(0);
}

static void put_end(uint32_t *end, uint64_t v)
{
	dp_store(end, v);
}

static int write_gen(int fd, int junk, void *buf, uint32_t g)
{
	unsigned int k;
	ssize_t ret;

	/* blocks freed by the junk file's truncation hold junk */
	for (k = 0; k < 4; k++) {
		dp_fill_junk(buf, wlen, k * wlen);
		SAFE_PWRITE(1, junk, buf, wlen, k * wlen);
	}
	SAFE_FTRUNCATE(junk, 0);

	dp_store(&sh->gen_begin, g);
	SAFE_FTRUNCATE(fd, 0);
	put_end(&sh->done_end, 0);
	put_end(&sh->start_end, 0);
	dp_store(&sh->gen, g);

	for (k = 0; k < NWRITES; k++) {
		off_t off = write_off(k);

		if (k == NWRITES / 2) {
			put_end(&sh->start_end, off);
			SAFE_FTRUNCATE(fd, off);
			put_end(&sh->done_end, off);
		}
		dp_fill(buf, wlen, off, g);
		put_end(&sh->start_end, off + wlen);
		ret = pwrite(fd, buf, wlen, off);
		if (ret != (ssize_t)wlen) {
			tst_res(TFAIL | TERRNO, "generation %u: O_DIRECT "
				"pwrite() of %zu at %lld returned %zd", g,
				wlen, (long long)off, ret);
			return fail();
		}
		put_end(&sh->done_end, off + wlen);
	}
	return 1;
}

static int check_file(uint32_t g, int direct)
{
	void *buf = dp_alloc(align, fsize);
	int fd = direct ? dp_open_direct(FNAME, O_RDONLY, 0) :
			  SAFE_OPEN(FNAME, O_RDONLY);
	ssize_t n = pread(fd, buf, fsize, 0);
	char who[96];
	uint64_t pos;
	int ok = 1;

	if (n != (ssize_t)fsize) {
		tst_res(TFAIL | TERRNO, "%s read of the whole %zu-byte file "
			"returned %zd", direct ? "O_DIRECT" : "buffered",
			fsize, n);
		ok = 0;
	}
	snprintf(who, sizeof(who), "%s read of the whole file after "
		 "generation %u", direct ? "O_DIRECT" : "buffered", g);
	for (pos = 0; ok && pos < fsize; pos += DP_REC) {
		struct dp_expect e = { in_gap(pos), !in_gap(pos), g, g };

		ok = dp_check(who, (char *)buf + pos, DP_REC, pos, &e);
	}
	SAFE_CLOSE(fd);
	free(buf);
	return ok;
}

static void run(void)
{
	void *buf = dp_alloc(align, wlen);
	long long stop_ms = tst_mono_ms() + BUDGET_MS;
	pid_t pids[NREAD];
	unsigned int i;
	uint32_t g;
	int fd, junk;

	memset(sh, 0, sizeof(*sh));
	fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	junk = dp_open_direct(JUNK, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < NREAD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			reader(i);
	}
	TST_CHECKPOINT_WAKE2(0, NREAD);
	for (g = 1; g <= MAX_GENS && tst_mono_ms() < stop_ms; g++) {
		if (!write_gen(fd, junk, buf, g) || sh->failed)
			break;
	}
	dp_store(&sh->stop, 1);
	for (i = 0; i < NREAD; i++)
		reap_child(pids[i]);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(junk);
	free(buf);
	if (sh->failed)
		return;
	g--;
	if (!check_file(g, 0) || !check_file(g, 1))
		return;
	tst_res(TPASS, "%u generations of truncate to 0, O_DIRECT appends "
		"and an ftruncate() gap; %d O_DIRECT readers made %u reads "
		"(%u across a truncation): only zeros or the current data, "
		"lengths within EOF; the file reads back exactly", g, NREAD,
		sh->reads, sh->spanning);
}

static void setup(void)
{
	int fd = dp_open_direct(FNAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	align = dp_dio_align(fd);
	SAFE_CLOSE(fd);
	wlen = WUNITS * align;
	gap = GAPUNITS * align;
	fsize = NWRITES * wlen + gap;
	sh = dp_shared(sizeof(*sh));
	dp_dirty_free_space(JUNK, 8 * 1024 * 1024);
	tst_res(TINFO, "O_DIRECT alignment %zu: writes of %zu, reads of "
		"%zu, file of %zu bytes with a %zu-byte gap", align, wlen,
		RUNITS * align, fsize, gap);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.all_filesystems = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};
