// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring reads and writes, O_DIRECT and buffered on one file, through a
 * plain descriptor, a registered file or a registered buffer, never return
 * a stale or misplaced block, also while the file is being truncated.
 *
 * Every block carries its offset and a generation in each 16-byte record.
 * Set-up fills the free space with junk and deletes it, then writes
 * generation 0 of the blocks. Four processes, each with a ring of its own
 * and the file opened with and without O_DIRECT (both registered as fixed
 * files, and a registered buffer):
 *
 * - the writer rewrites 8 blocks in each of three 2 MiB regions per batch
 *   (IORING_OP_WRITE or IORING_OP_WRITE_FIXED, some with IOSQE_ASYNC),
 *   one kind of I/O per region and batch (O_DIRECT or buffered), with the
 *   next generation of each block; it publishes a block's generation
 *   before it submits and again after its CQE, which must report the whole
 *   block written;
 * - the truncation lane writes generation g of the 16 blocks of a fourth
 *   region at the end of the file and truncates the file to that region's
 *   start while the writes are in flight, reaps them (each must write the
 *   whole block), extends the file again and reads the region back with
 *   and without O_DIRECT: zeros, or generation g of the right offset;
 * - two readers read 8 random blocks at a time (IORING_OP_READ or
 *   IORING_OP_READ_FIXED, O_DIRECT or buffered, some async): a block of
 *   the three regions must read whole, as a generation between the one
 *   completed before the read was submitted and the one started when it
 *   completed (older: a stale block); a block of the fourth region reads
 *   whole or at EOF, as zeros or a generation between the one whose
 *   truncation had returned and the one started.
 *
 * At the end every block of the three regions reads back, with and
 * without O_DIRECT, as its last generation. I/O of the two kinds within
 * one region is never in flight at once for writes: a folio of the page
 * cache (xfs has large ones) that spans blocks a buffered write dirties
 * while an O_DIRECT write invalidates it is not coherent by design.
 *
 * tmpfs has O_DIRECT only since 6.6 (open() is EINVAL before: TCONF).
 */
#include <sys/uio.h>
#include "dio_pattern.h"
#include "io_uring_raw.h"

#define FNAME		"uring_file"
#define JUNK		"junk_file"
#define REGION		(2 * 1024 * 1024)
#define NREG		3
#define TREG		NREG
#define NB		32
#define BATCH		8
#define TB		16
#define NREADERS	2
#define RQD		8
#define BUDGET_MS	1000
#define WAIT_MS		10000

struct shared {
	uint32_t stop;
	uint32_t failed;
	uint32_t t_min;
	uint32_t t_started;
	uint32_t w_batches;
	uint32_t t_rounds;
	uint32_t t_kept;
	uint32_t reads;
	uint32_t t_reads;
	uint32_t t_eof;
	uint32_t started[NREG * NB];
	uint32_t done[NREG * NB];
};

struct lane {
	struct uring r;
	int fds[2];		/* [0] O_DIRECT, [1] buffered */
	char *bufs;		/* registered as one buffer */
	uint32_t seed;
};

static const char *const variant_name[] = {
	"plain fd", "registered file", "registered buffer"
};

static struct shared *sh;
static size_t blk;
static off_t t_start, t_end;

static unsigned int rnd(struct lane *l, unsigned int n)
{
	l->seed = l->seed * 1103515245 + 12345;
	return (l->seed >> 8) % n;
}

static off_t blk_off(unsigned int region, unsigned int b)
{
	return (off_t)region * REGION + (off_t)b * blk;
}

static int fail(void)
{
	dp_store(&sh->failed, 1);
	return 0;
}

static void lane_init(struct lane *l, unsigned int nbuf, uint32_t seed,
		      int write)
{
	struct iovec iov;

	l->seed = seed;
	l->fds[0] = dp_open_direct(FNAME, write ? O_RDWR : O_RDONLY, 0);
	l->fds[1] = SAFE_OPEN(FNAME, write ? O_RDWR : O_RDONLY);
	uring_init(&l->r, 64, 0);
	if (sys_io_uring_register(l->r.fd, IORING_REGISTER_FILES, l->fds, 2))
		tst_brk(TBROK | TERRNO, "IORING_REGISTER_FILES");
	l->bufs = dp_alloc(blk, nbuf * blk);
	iov.iov_base = l->bufs;
	iov.iov_len = nbuf * blk;
	if (sys_io_uring_register(l->r.fd, IORING_REGISTER_BUFFERS, &iov, 1))
		tst_brk(TBROK | TERRNO, "IORING_REGISTER_BUFFERS");
}

/* The SQE of slot i: a whole-block read or write at off. */
static void prep(struct lane *l, unsigned int i, int write, int direct,
		 int variant, off_t off)
{
	uint8_t op = write ? IORING_OP_WRITE : IORING_OP_READ;
	int fd = l->fds[!direct];
	struct io_uring_sqe *sqe;

	if (variant == 2)
		op = write ? IORING_OP_WRITE_FIXED : IORING_OP_READ_FIXED;
	if (variant == 1)
		fd = !direct;
	sqe = uring_get_sqe(&l->r, i, op, fd, i);
	if (variant == 1)
		sqe->flags |= IOSQE_FIXED_FILE;
	if (!rnd(l, 4))
		sqe->flags |= IOSQE_ASYNC;
	sqe->addr = (uintptr_t)(l->bufs + i * blk);
	sqe->len = blk;
	sqe->off = off;
}

static void lane_submit(struct lane *l, unsigned int n)
{
	int ret;

	uring_queue(&l->r, n);
	ret = sys_io_uring_enter(l->r.fd, n, 0, 0, NULL, 0);
	if (ret != (int)n)
		tst_brk(TBROK | TERRNO, "io_uring_enter(%u SQEs) returned %d",
			n, ret);
}

/* Reap n CQEs into res[user_data]; bounded, scaled: TBROK if lost. */
static void lane_wait(struct lane *l, unsigned int n, int32_t *res)
{
	long long deadline = dp_deadline(WAIT_MS);
	struct io_uring_cqe cqe;
	unsigned int got = 0;

	while (got < n) {
		struct timespec ts = { .tv_sec = 1 };
		struct io_uring_getevents_arg arg = {
			.ts = (uintptr_t)&ts,
		};
		int ret;

		while (got < n && uring_pop_cqe(&l->r, &cqe)) {
			if (cqe.user_data >= n)
				tst_brk(TBROK, "CQE of unknown user_data %llu",
					(unsigned long long)cqe.user_data);
			res[cqe.user_data] = cqe.res;
			got++;
		}
		if (got == n)
			break;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "%u of %u CQEs in %lld ms", got, n,
				(long long)(WAIT_MS * tst_timeout_mul()));
		ret = sys_io_uring_enter(l->r.fd, 0, 1, IORING_ENTER_GETEVENTS |
					 IORING_ENTER_EXT_ARG, &arg,
					 sizeof(arg));
		if (ret < 0 && errno != ETIME && errno != EINTR)
			tst_brk(TBROK | TERRNO, "io_uring_enter(GETEVENTS)");
	}
}

static void writer(void)
{
	int32_t res[NREG * BATCH];
	unsigned int idx[NREG * BATCH], dir[NREG * BATCH];
	long long stop_ms;
	struct lane l;

	lane_init(&l, NREG * BATCH, 1, 1);
	TST_CHECKPOINT_WAIT(0);
	stop_ms = tst_mono_ms() + BUDGET_MS;

	while (tst_mono_ms() < stop_ms && !dp_load(&sh->failed)) {
		unsigned int n = 0, r, i;

		for (r = 0; r < NREG; r++) {
			unsigned int start = rnd(&l, NB);
			unsigned int stride = 2 * rnd(&l, NB / 2) + 1;
			int direct = rnd(&l, 2);

			for (i = 0; i < BATCH; i++, n++) {
				unsigned int b = (start + i * stride) % NB;
				off_t off = blk_off(r, b);
				uint32_t g;

				idx[n] = r * NB + b;
				dir[n] = direct;
				g = sh->started[idx[n]] + 1;
				dp_fill(l.bufs + n * blk, blk, off, g);
				dp_store(&sh->started[idx[n]], g);
				prep(&l, n, 1, direct, rnd(&l, 3), off);
			}
		}
		lane_submit(&l, n);
		lane_wait(&l, n, res);
		for (i = 0; i < n; i++) {
			if (res[i] != (int32_t)blk) {
				tst_res(TFAIL, "writer: %s write of %zu bytes "
					"at %lld (generation %u) completed "
					"with %d (%s)", dir[i] ? "O_DIRECT" :
					"buffered", blk,
					(long long)blk_off(idx[i] / NB,
							   idx[i] % NB),
					sh->started[idx[i]], res[i],
					res[i] < 0 ? tst_strerrno(-res[i]) :
					"short");
				fail();
				continue;
			}
			dp_store(&sh->done[idx[i]], sh->started[idx[i]]);
		}
		__atomic_add_fetch(&sh->w_batches, 1, __ATOMIC_SEQ_CST);
	}
	exit(0);
}

/* Region T after round g: every block zeros or generation g. */
static int check_t(int fd, void *buf, uint32_t g, const char *how,
		   unsigned int *kept)
{
	struct dp_expect e = { 1, 1, g, g };
	unsigned int b;
	char who[96];

	for (b = 0; b < TB; b++) {
		off_t off = blk_off(TREG, b);
		ssize_t n = pread(fd, buf, blk, off);

		if (n != (ssize_t)blk) {
			tst_res(TFAIL | TERRNO, "truncation lane: %s read of "
				"%zu at %lld after round %u returned %zd", how,
				blk, (long long)off, g, n);
			return fail();
		}
		snprintf(who, sizeof(who), "truncation lane, %s read after "
			 "round %u", how, g);
		if (!dp_check(who, buf, blk, off, &e))
			return fail();
		if (kept)
			*kept += !dp_is_zero(buf);
	}
	return 1;
}

static void trunc_lane(void)
{
	int32_t res[TB];
	struct lane l;
	void *buf = dp_alloc(blk, blk);
	uint32_t g = dp_load(&sh->t_started);
	long long stop_ms;

	lane_init(&l, TB, 2, 1);
	TST_CHECKPOINT_WAIT(0);
	stop_ms = tst_mono_ms() + BUDGET_MS;

	while (tst_mono_ms() < stop_ms && !dp_load(&sh->failed)) {
		int direct = rnd(&l, 2);
		unsigned int b, kept = 0;

		g++;
		dp_store(&sh->t_started, g);
		for (b = 0; b < TB; b++) {
			dp_fill(l.bufs + b * blk, blk, blk_off(TREG, b), g);
			prep(&l, b, 1, direct, rnd(&l, 3), blk_off(TREG, b));
		}
		lane_submit(&l, TB);
		SAFE_FTRUNCATE(l.fds[1], t_start);
		dp_store(&sh->t_min, g);
		lane_wait(&l, TB, res);
		for (b = 0; b < TB; b++) {
			if (res[b] == (int32_t)blk)
				continue;
			tst_res(TFAIL, "truncation lane: %s write of %zu at "
				"%lld racing the truncation completed with %d "
				"(%s)", direct ? "O_DIRECT" : "buffered", blk,
				(long long)blk_off(TREG, b), res[b],
				res[b] < 0 ? tst_strerrno(-res[b]) : "short");
			fail();
		}
		SAFE_FTRUNCATE(l.fds[1], t_end);
		if (sh->failed || !check_t(l.fds[0], buf, g, "O_DIRECT",
					   &kept) ||
		    !check_t(l.fds[1], buf, g, "buffered", NULL))
			break;
		__atomic_add_fetch(&sh->t_kept, kept, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&sh->t_rounds, 1, __ATOMIC_SEQ_CST);
	}
	exit(0);
}

static void reader(unsigned int id)
{
	int32_t res[RQD];
	unsigned int reg[RQD], b[RQD], dir[RQD], var[RQD], i;
	uint32_t before[RQD];
	long long deadline;
	struct lane l;
	char who[160];

	lane_init(&l, RQD, 3 + id, 0);
	TST_CHECKPOINT_WAIT(0);
	deadline = dp_deadline(WAIT_MS) + BUDGET_MS;
	while (!dp_load(&sh->stop)) {
		for (i = 0; i < RQD; i++) {
			reg[i] = rnd(&l, NREG + 1);
			b[i] = rnd(&l, reg[i] == TREG ? TB : NB);
			dir[i] = rnd(&l, 2);
			var[i] = rnd(&l, 3);
			before[i] = reg[i] == TREG ? dp_load(&sh->t_min) :
				    dp_load(&sh->done[reg[i] * NB + b[i]]);
			memset(l.bufs + i * blk, 0xee, blk);
			prep(&l, i, 0, dir[i], var[i], blk_off(reg[i], b[i]));
		}
		lane_submit(&l, RQD);
		lane_wait(&l, RQD, res);
		for (i = 0; i < RQD; i++) {
			int t = reg[i] == TREG;
			struct dp_expect e = {
				.zero_ok = t, .data_ok = 1,
				.gen_min = before[i],
				.gen_max = t ? dp_load(&sh->t_started) :
				   dp_load(&sh->started[reg[i] * NB + b[i]]),
			};
			off_t off = blk_off(reg[i], b[i]);

			snprintf(who, sizeof(who), "reader %u: %s read (%s) "
				 "of region %u block %u", id, dir[i] ?
				 "O_DIRECT" : "buffered", variant_name[var[i]],
				 reg[i], b[i]);
			if (res[i] != (int32_t)blk && !(t && res[i] == 0)) {
				tst_res(TFAIL, "%s: CQE res %d (%s), expected "
					"%zu%s", who, res[i], res[i] < 0 ?
					tst_strerrno(-res[i]) : "short", blk,
					t ? " or 0 (EOF)" : "");
				fail();
				goto out;
			}
			if (!dp_check(who, l.bufs + i * blk, res[i], off, &e)) {
				fail();
				goto out;
			}
			__atomic_add_fetch(t ? &sh->t_reads : &sh->reads, 1,
					   __ATOMIC_SEQ_CST);
			if (t && !res[i])
				__atomic_add_fetch(&sh->t_eof, 1,
						   __ATOMIC_SEQ_CST);
		}
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "reader %u: the writers did not finish",
				id);
	}
out:
	exit(0);
}

static int check_all(int direct)
{
	void *buf = dp_alloc(blk, blk);
	int fd = direct ? dp_open_direct(FNAME, O_RDONLY, 0) :
			  SAFE_OPEN(FNAME, O_RDONLY);
	unsigned int i;
	int ok = 1;
	char who[96];

	for (i = 0; ok && i < NREG * NB; i++) {
		struct dp_expect e = { 0, 1, sh->done[i], sh->done[i] };
		off_t off = blk_off(i / NB, i % NB);

		snprintf(who, sizeof(who), "%s read of region %u block %u at "
			 "the end", direct ? "O_DIRECT" : "buffered", i / NB,
			 i % NB);
		SAFE_PREAD(1, fd, buf, blk, off);
		ok = dp_check(who, buf, blk, off, &e);
	}
	if (ok)
		ok = check_t(fd, buf, sh->t_started, direct ? "O_DIRECT" :
			     "buffered", NULL);
	SAFE_CLOSE(fd);
	free(buf);
	return ok;
}

static void run(void)
{
	pid_t w, t, r[NREADERS];
	unsigned int i;

	dp_store(&sh->stop, 0);
	sh->w_batches = sh->t_rounds = sh->t_kept = 0;
	sh->reads = sh->t_reads = sh->t_eof = 0;
	w = SAFE_FORK();
	if (!w)
		writer();
	t = SAFE_FORK();
	if (!t)
		trunc_lane();
	for (i = 0; i < NREADERS; i++) {
		r[i] = SAFE_FORK();
		if (!r[i])
			reader(i);
	}
	TST_CHECKPOINT_WAKE2(0, 2 + NREADERS);
	reap_child(w);
	reap_child(t);
	dp_store(&sh->stop, 1);
	for (i = 0; i < NREADERS; i++)
		reap_child(r[i]);
	if (sh->failed || !check_all(0) || !check_all(1))
		return;
	tst_res(TPASS, "%u write batches of 24 blocks, %u truncation rounds "
		"racing 16 writes (%u blocks kept their write), %u + %u reads "
		"(%u at EOF): every block whole, of its own offset and a "
		"current generation", sh->w_batches, sh->t_rounds, sh->t_kept,
		sh->reads, sh->t_reads, sh->t_eof);
}

static void setup(void)
{
	void *buf;
	unsigned int i;
	int fd;

	io_uring_require();
	fd = dp_open_direct(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	blk = dp_dio_align(fd);
	if (NB * blk > REGION)
		tst_brk(TBROK, "O_DIRECT alignment %zu too large", blk);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FNAME);
	dp_dirty_free_space(JUNK, 8 * 1024 * 1024);

	sh = dp_shared(sizeof(*sh));
	t_start = blk_off(TREG, 0);
	t_end = blk_off(TREG, TB);
	fd = dp_open_direct(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	buf = dp_alloc(blk, blk);
	for (i = 0; i < NREG * NB; i++) {
		off_t off = blk_off(i / NB, i % NB);

		dp_fill(buf, blk, off, 0);
		SAFE_PWRITE(1, fd, buf, blk, off);
	}
	SAFE_FTRUNCATE(fd, t_end);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	free(buf);
	tst_res(TINFO, "blocks of %zu bytes, %d regions of 2 MiB",
		blk, NREG + 1);
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
