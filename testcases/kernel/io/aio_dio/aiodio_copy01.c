// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A file copied by native AIO with many iocbs in flight is an exact copy,
 * and every completion is honest, on every filesystem.
 *
 * A source of patterned blocks (each 16-byte record carries its offset
 * and the copy's own generation) is copied by a state machine on one AIO
 * context: free slots are filled with reads of the next blocks, a
 * completed read is checked against the pattern and becomes the write of
 * the same buffer to the same offset of the destination, and all reads and
 * writes ready are submitted with one io_submit(), which must accept them
 * all. Four copies with O_DIRECT on both files and four buffered with an
 * O_SYNC destination, of 16 to 128 blocks, among which every block size of
 * 1, 4, 16 and 64 KiB and every queue depth of 1, 8 and 64. Each
 * io_getevents() asks for a random min_nr..nr of the iocbs in flight and
 * must return at least min_nr before its (long) timeout and at most nr,
 * writing no event past nr; each io_event must name an iocb in flight (obj
 * and data) and complete it whole: res the block size (not short, not
 * negative), res2 0. The destination must then read back as the source,
 * with its size.
 *
 * O_DIRECT sizes below the filesystem's O_DIRECT alignment (EINVAL) are
 * left out, unless statx() says the size is aligned (then it is a
 * failure); tmpfs on 6.1 has no O_DIRECT (that half is TCONF there).
 */
#include "dio_pattern.h"
#include "aio_raw.h"

#define SRC		"copy_src"
#define DST		"copy_dst"
#define MAX_DEPTH	64
#define WAIT_MS		10000

enum { FREE, READING, WRITING };

struct slot {
	struct iocb cb;
	void *buf;
	int state;
	unsigned int blk;
};

/* block size, queue depth and blocks of each copy: every size and depth */
static const struct combo {
	size_t bs;
	unsigned int depth;
	unsigned int nblk;
} combos[2][4] = {
	{ { 1024, 8, 16 }, { 4096, 64, 16 }, { 16384, 1, 16 },
	  { 65536, 8, 16 } },
	{ { 1024, 64, 128 }, { 4096, 64, 64 }, { 16384, 1, 16 },
	  { 65536, 8, 16 } },
};
static struct slot slots[MAX_DEPTH];
static size_t statx_align;
static uint32_t gen, seed = 12345;
static unsigned int nblk;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245 + 12345;
	return (seed >> 8) % n;
}

static void write_source(size_t bs)
{
	void *buf = dp_alloc(getpagesize(), bs);
	int fd = SAFE_OPEN(SRC, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	unsigned int b;

	for (b = 0; b < nblk; b++) {
		dp_fill(buf, bs, (uint64_t)b * bs, gen);
		SAFE_WRITE(1, fd, buf, bs);
	}
	SAFE_CLOSE(fd);
	free(buf);
}

/* Events returned must fit [min_nr, nr]; ev[nr] is a canary. */
static long get_events(aio_context_t ctx, long min_nr, long nr,
		       struct io_event *ev, const char *what)
{
	struct timespec ts = {
		.tv_sec = WAIT_MS * tst_timeout_mul() / 1000,
	};
	struct io_event canary;
	long long start = tst_mono_ms(), took;
	long ret;

	memset(&ev[nr], 0xa5, sizeof(ev[nr]));
	canary = ev[nr];
	do {
		ret = sys_io_getevents(ctx, min_nr, nr, ev, &ts);
	} while (ret < 0 && errno == EINTR);
	took = tst_mono_ms() - start;
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "%s: io_getevents(%ld, %ld)", what,
			min_nr, nr);
	if (memcmp(&ev[nr], &canary, sizeof(canary))) {
		tst_res(TFAIL, "%s: io_getevents(min_nr %ld, nr %ld) wrote an "
			"event past nr", what, min_nr, nr);
		return -1;
	}
	if (ret > nr) {
		tst_res(TFAIL, "%s: io_getevents(min_nr %ld, nr %ld) returned "
			"%ld", what, min_nr, nr, ret);
		return -1;
	}
	if (ret < min_nr) {
		if (took >= ts.tv_sec * 1000)
			tst_brk(TBROK, "%s: %ld of %ld completions in %lld ms",
				what, ret, min_nr, took);
		tst_res(TFAIL, "%s: io_getevents(min_nr %ld, nr %ld) returned "
			"%ld after %lld ms, before its %lld s timeout", what,
			min_nr, nr, ret, took, (long long)ts.tv_sec);
		return -1;
	}
	return ret;
}

/* One copy; 1 when every event and the copy were right. */
static int copy(int direct, size_t bs, unsigned int depth)
{
	struct io_event ev[MAX_DEPTH + 1];
	struct iocb *list[MAX_DEPTH];
	aio_context_t ctx;
	unsigned int next = 0, done = 0, inflight = 0, i, nsub;
	int src, dst, ok = 1;
	char what[96];
	void *buf;
	ssize_t n;
	long ret;

	snprintf(what, sizeof(what), "%s copy, %zu-byte blocks, depth %u",
		 direct ? "O_DIRECT" : "O_SYNC", bs, depth);
	src = SAFE_OPEN(SRC, O_RDONLY | (direct ? O_DIRECT : 0));
	dst = SAFE_OPEN(DST, O_WRONLY | O_CREAT | O_TRUNC |
			(direct ? O_DIRECT : O_SYNC), 0600);
	ctx = new_aio_context(depth);
	for (i = 0; i < depth; i++) {
		slots[i].buf = dp_alloc(getpagesize(), bs);
		slots[i].state = FREE;
	}

	while (ok && done < nblk) {
		long min_nr, nr;

		/* reads of the next blocks into free slots, one submit */
		nsub = 0;
		for (i = 0; i < depth; i++) {
			struct slot *s = &slots[i];

			if (s->state == WRITING && !s->cb.aio_data) {
				list[nsub++] = &s->cb;
				s->cb.aio_data = s->blk << 1 | 1;
				continue;
			}
			if (s->state != FREE || next >= nblk)
				continue;
			s->blk = next++;
			s->state = READING;
			memset(s->buf, 0, bs);
			init_iocb(&s->cb, IOCB_CMD_PREAD, src, s->buf, bs,
				  (off_t)s->blk * bs, s->blk << 1);
			list[nsub++] = &s->cb;
		}
		if (nsub) {
			ret = sys_io_submit(ctx, nsub, list);
			if (ret != (long)nsub) {
				tst_res(TFAIL | TERRNO, "%s: io_submit() of "
					"%u iocbs returned %ld with %u in "
					"flight", what, nsub, ret, inflight);
				ok = 0;
				if (ret <= 0)
					break;
			}
			inflight += ret;
		}

		min_nr = 1 + rnd(inflight);
		nr = min_nr + rnd(inflight - min_nr + 1);
		ret = get_events(ctx, min_nr, nr, ev, what);
		if (ret < 0) {
			ok = 0;
			break;
		}
		for (i = 0; i < ret; i++) {
			struct iocb *cb = (struct iocb *)(uintptr_t)ev[i].obj;
			struct slot *s = (struct slot *)cb;
			long idx = s - slots;
			int writing = ev[i].data & 1;
			off_t off;

			/* the iocb is a slot's first member */
			if (idx >= 0 && idx < depth && &slots[idx].cb != cb)
				idx = -1;

			if (idx < 0 || idx >= depth || s->state == FREE ||
			    ev[i].data != cb->aio_data ||
			    writing != (s->state == WRITING) ||
			    ev[i].res != (int64_t)bs || ev[i].res2) {
				tst_res(TFAIL, "%s: io_event obj 0x%llx data "
					"0x%llx res %lld res2 %lld: not a "
					"whole %zu-byte transfer of an iocb in "
					"flight", what,
					(unsigned long long)ev[i].obj,
					(unsigned long long)ev[i].data,
					(long long)ev[i].res,
					(long long)ev[i].res2, bs);
				ok = 0;
				break;
			}
			inflight--;
			off = (off_t)s->blk * bs;
			if (writing) {
				s->state = FREE;
				done++;
				continue;
			}
			{
				struct dp_expect e = { 0, 1, gen, gen };
				char who[128];

				snprintf(who, sizeof(who), "%s: AIO read of "
					 "block %u", what, s->blk);
				if (!dp_check(who, s->buf, bs, off, &e)) {
					ok = 0;
					break;
				}
			}
			/* the read becomes the write; submitted next round */
			init_iocb(&s->cb, IOCB_CMD_PWRITE, dst, s->buf, bs,
				  off, 0);
			s->state = WRITING;
		}
	}
	/* io_destroy() waits for what is still in flight */
	sys_io_destroy(ctx);
	for (i = 0; i < depth; i++)
		free(slots[i].buf);
	SAFE_CLOSE(src);
	SAFE_CLOSE(dst);
	if (!ok)
		return 0;

	dst = SAFE_OPEN(DST, O_RDONLY | (direct ? O_DIRECT : 0));
	buf = dp_alloc(getpagesize(), nblk * bs + bs);
	n = read(dst, buf, nblk * bs + bs);
	if (n != (ssize_t)(nblk * bs)) {
		tst_res(TFAIL | TERRNO, "%s: the copy reads %zd bytes, "
			"expected %zu", what, n, nblk * bs);
		ok = 0;
	} else {
		struct dp_expect e = { 0, 1, gen, gen };
		char who[128];

		snprintf(who, sizeof(who), "%s: the copy", what);
		ok = dp_check(who, buf, n, 0, &e);
	}
	SAFE_CLOSE(dst);
	free(buf);
	return ok;
}

/* Can O_DIRECT move bs bytes here? EINVAL: below the alignment. */
static int direct_size_ok(size_t bs)
{
	void *buf = dp_alloc(getpagesize(), 2 * bs);
	int fd = SAFE_OPEN(SRC, O_RDONLY | O_DIRECT);
	ssize_t n = pread(fd, buf, bs, bs);
	int err = errno;

	SAFE_CLOSE(fd);
	free(buf);
	if (n == (ssize_t)bs)
		return 1;
	if (n < 0 && err == EINVAL && (!statx_align || statx_align > bs)) {
		tst_res(TINFO, "O_DIRECT read of %zu bytes at %zu is EINVAL: "
			"below this filesystem's O_DIRECT alignment", bs, bs);
		return 0;
	}
	errno = err;
	tst_res(TFAIL | TERRNO, "O_DIRECT read of %zu bytes at %zu returned "
		"%zd (statx() O_DIRECT offset alignment %zu)", bs, bs, n,
		statx_align);
	return 0;
}

static void run_mode(int direct)
{
	unsigned int c, copies = 0, failed = 0;
	long long start = tst_mono_ms();
	char done[96] = "";

	for (c = 0; c < ARRAY_SIZE(combos[0]); c++) {
		const struct combo *k = &combos[direct][c];

		nblk = k->nblk;
		gen++;
		write_source(k->bs);
		if (direct && !direct_size_ok(k->bs))
			continue;
		copies++;
		failed += !copy(direct, k->bs, k->depth);
		snprintf(done + strlen(done), sizeof(done) - strlen(done),
			 "%s%u x %zuk/%u", copies > 1 ? ", " : "", nblk,
			 k->bs / 1024, k->depth);
	}
	if (copies && !failed)
		tst_res(TPASS, "%s: %u AIO copies (blocks x size/depth %s): "
			"every io_event whole and of an iocb in flight, "
			"io_getevents() within min_nr..nr, copies exact (%lld "
			"ms)", direct ? "O_DIRECT" :
			"buffered, O_SYNC destination", copies, done,
			tst_mono_ms() - start);
}

static void run(void)
{
	int fd;

	run_mode(0);
	fd = open(SRC, O_RDONLY | O_DIRECT);
	if (fd < 0 && errno == EINVAL) {
		tst_res(TCONF, "open(O_DIRECT) is EINVAL: %s has no O_DIRECT "
			"on this kernel, no O_DIRECT copies", tst_fs_type);
		return;
	}
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s, O_DIRECT)", SRC);
	SAFE_CLOSE(fd);
	run_mode(1);
}

static void setup(void)
{
	int fd = SAFE_OPEN(SRC, O_WRONLY | O_CREAT | O_TRUNC, 0600);

#if defined(HAVE_STATX) && defined(STATX_DIOALIGN)
	struct statx stx;

	if (!statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) &&
	    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align)
		statx_align = stx.stx_dio_offset_align;
#endif
	SAFE_CLOSE(fd);
	tst_res(TINFO, "statx() O_DIRECT offset alignment: %zu%s",
		statx_align, statx_align ? "" : " (not reported)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
};
