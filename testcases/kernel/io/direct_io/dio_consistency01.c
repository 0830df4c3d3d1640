// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT and buffered I/O on one file stay coherent.
 *
 * Four children share one file, each owning its own region, and mix on it:
 * buffered read (filling the page cache) then O_DIRECT write then buffered
 * read; buffered write (dirtying the page cache) then O_DIRECT read; the
 * first of these with the O_DIRECT write submitted through Linux AIO; and a
 * buffered write partly overwritten by an O_DIRECT write, read back
 * buffered. Every read must return exactly what was last written there:
 * each 8-byte word carries the iteration, the child and its own offset, so
 * a stale page, a lost write or misplaced data is named at its offset. At
 * the end the parent reads the whole file both ways.
 *
 * The other children's buffered reads pull readahead pages into the
 * neighbouring regions while their owners write with O_DIRECT; a kernel
 * that does not invalidate the page cache after the direct write completes
 * (the AIO case) serves those stale pages later.
 *
 * Regions are 2 MiB aligned, so no page cache folio spans two children
 * (mixing both kinds of I/O within one folio concurrently is not coherent
 * by design). The file lives on the test's ext4 device, or in $LTP_NFS_DIR
 * or $LTP_IO_DIR when set (the device is set up regardless).
 *
 * Catches: 332391a9935d ("fs: Fix page cache inconsistency when mixing
 * buffered and AIO DIO").
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tst_test.h"
#ifdef HAVE_LINUX_AIO_ABI_H
# include <linux/aio_abi.h>
#endif

#define MNTPOINT	"mntpoint"
#define NCHILD		4
#define REGION_MIN	(2 * 1024 * 1024)
#define MAX_BLOCKS_IO	16
#define MIN_OPS		8
#define MAX_OPS		2000
#define BUDGET_MS	3000

enum mode {
	DIO_WRITE_BUF_READ,
	BUF_WRITE_DIO_READ,
	AIO_WRITE_BUF_READ,
	BUF_WRITE_DIO_OVERWRITE,
	NMODES
};

static const char *const mode_name[] = {
	"buffered read, O_DIRECT write, buffered read",
	"buffered write, O_DIRECT read",
	"buffered read, AIO O_DIRECT write, buffered read",
	"buffered write, O_DIRECT overwrite of a part, buffered read",
};

static char path[PATH_MAX];
static int created;
static size_t align, region, nblocks;
static long budget_ms;
static int have_aio;
/* Shared: the iteration that last wrote each block of each region. */
static uint32_t *last_iter;

/* Word at file offset off as written by iteration iter of its owner. */
static uint64_t word_of(uint32_t iter, unsigned int child, uint64_t off)
{
	return (uint64_t)iter << 40 | (uint64_t)child << 32 | (uint32_t)(off / 8);
}

static void fill(void *buf, size_t len, off_t off, uint32_t iter,
		 unsigned int child)
{
	uint64_t *w = buf;
	size_t i;

	for (i = 0; i < len / 8; i++)
		w[i] = word_of(iter, child, off + i * 8);
}

/*
 * Check buf (read from off) against the blocks' last writers; 0 and one
 * TFAIL naming the first bad word if it does not match.
 */
static int verify(const char *who, const char *how, const void *buf,
		  size_t len, off_t off)
{
	const uint64_t *w = buf;
	size_t i;

	for (i = 0; i < len / 8; i++) {
		uint64_t pos = off + i * 8;
		size_t blk = pos / align;
		unsigned int child = blk / nblocks;
		uint64_t exp = word_of(last_iter[blk], child, pos);

		if (w[i] == exp)
			continue;
		tst_res(TFAIL, "%s, %s: word at offset %llu: expected "
			"iteration %u child %u offset %llu (0x%016llx), got "
			"iteration %llu child %llu offset %llu (0x%016llx)",
			who, how, (unsigned long long)pos, last_iter[blk],
			child, (unsigned long long)pos,
			(unsigned long long)exp,
			(unsigned long long)(w[i] >> 40),
			(unsigned long long)(w[i] >> 32 & 0xff),
			(unsigned long long)(w[i] & 0xffffffff) * 8,
			(unsigned long long)w[i]);
		return 0;
	}
	return 1;
}

static void *alloc_io_buf(size_t len)
{
	void *buf;
	int err = posix_memalign(&buf, align, len);

	if (err)
		tst_brk(TBROK, "posix_memalign(%zu, %zu): %s", align, len,
			tst_strerrno(err));
	return buf;
}

static void full_io(int write, int fd, void *buf, size_t len, off_t off,
		    const char *what)
{
	ssize_t ret = write ? pwrite(fd, buf, len, off) :
			      pread(fd, buf, len, off);

	if (ret != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "%s of %zu bytes at %lld returned %zd",
			what, len, (long long)off, ret);
}

#ifdef HAVE_LINUX_AIO_ABI_H
static int aio_write_wait(aio_context_t ctx, int fd, void *buf, size_t len,
			  off_t off)
{
	struct iocb cb = {
		.aio_lio_opcode = IOCB_CMD_PWRITE,
		.aio_fildes = fd,
		.aio_buf = (uintptr_t)buf,
		.aio_nbytes = len,
		.aio_offset = off,
	};
	struct iocb *cbs[1] = { &cb };
	struct io_event ev;
	long ret;

	ret = syscall(__NR_io_submit, ctx, 1, cbs);
	if (ret != 1)
		tst_brk(TBROK | TERRNO, "io_submit() returned %ld", ret);
	do {
		ret = syscall(__NR_io_getevents, ctx, 1, 1, &ev, NULL);
	} while (ret < 0 && errno == EINTR);
	if (ret != 1)
		tst_brk(TBROK | TERRNO, "io_getevents() returned %ld", ret);
	if (ev.res != (int64_t)len) {
		tst_res(TFAIL, "AIO O_DIRECT write of %zu bytes at %lld "
			"completed with %lld", len, (long long)off,
			(long long)ev.res);
		return 0;
	}
	return 1;
}
#endif

static long ms_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000 +
	       (now.tv_nsec - start->tv_nsec) / 1000000;
}

static void mark(unsigned int child, size_t blk, size_t cnt, uint32_t iter)
{
	uint32_t *last = last_iter + child * nblocks;

	while (cnt--)
		last[blk++] = iter;
}

static void child_run(unsigned int child)
{
	size_t max_len = MAX_BLOCKS_IO * align;
	void *wbuf = alloc_io_buf(max_len), *rbuf = alloc_io_buf(max_len);
	int fd_dio = SAFE_OPEN(path, O_RDWR | O_DIRECT);
	int fd_buf = SAFE_OPEN(path, O_RDWR);
	unsigned long count[NMODES] = { 0 };
	unsigned long long verified = 0;
	uint32_t seed = child * 7919 + 1, id = 0;
	unsigned int op;
	off_t base = (off_t)child * region;
	struct timespec start;
	char who[32];
	int aio = have_aio;
#ifdef HAVE_LINUX_AIO_ABI_H
	aio_context_t ctx = 0;

	if (aio && syscall(__NR_io_setup, 1, &ctx)) {
		tst_res(TINFO | TERRNO, "child %u: io_setup(), no AIO", child);
		aio = 0;
	}
#endif

	snprintf(who, sizeof(who), "child %u", child);
	TST_CHECKPOINT_WAIT(0);
	clock_gettime(CLOCK_MONOTONIC, &start);

	for (op = 0; op < MAX_OPS; op++) {
		enum mode mode = op % NMODES;
		uint32_t iter = ++id;
		size_t cnt, blk, len, part, from, vlen;
		off_t off, voff;
		char how[160];

		if (op >= MIN_OPS && ms_since(&start) > budget_ms)
			break;
		if (mode == AIO_WRITE_BUF_READ && !aio)
			mode = DIO_WRITE_BUF_READ;

		seed = seed * 1103515245 + 12345;
		cnt = 1 + (seed >> 16) % MAX_BLOCKS_IO;
		seed = seed * 1103515245 + 12345;
		blk = (seed >> 8) % (nblocks - cnt + 1);
		off = base + blk * align;
		len = cnt * align;
		snprintf(how, sizeof(how), "operation %u (%s), %zu bytes at "
			 "%lld", op, mode_name[mode], len, (long long)off);

		switch (mode) {
		case DIO_WRITE_BUF_READ:
		case AIO_WRITE_BUF_READ:
			full_io(0, fd_buf, rbuf, len, off, "buffered read");
			if (!verify(who, how, rbuf, len, off))
				goto out;
			fill(wbuf, len, off, iter, child);
#ifdef HAVE_LINUX_AIO_ABI_H
			if (mode == AIO_WRITE_BUF_READ) {
				if (!aio_write_wait(ctx, fd_dio, wbuf, len, off))
					goto out;
			} else
#endif
				full_io(1, fd_dio, wbuf, len, off,
					"O_DIRECT write");
			mark(child, blk, cnt, iter);
			/* also a block either side, still in the region */
			voff = blk ? off - (off_t)align : off;
			vlen = len + (off - voff);
			if (blk + cnt < nblocks)
				vlen += align;
			if (vlen > max_len)
				vlen = max_len;
			full_io(0, fd_buf, rbuf, vlen, voff, "buffered read");
			if (!verify(who, how, rbuf, vlen, voff))
				goto out;
			verified += vlen;
			break;
		case BUF_WRITE_DIO_READ:
			fill(wbuf, len, off, iter, child);
			full_io(1, fd_buf, wbuf, len, off, "buffered write");
			mark(child, blk, cnt, iter);
			full_io(0, fd_dio, rbuf, len, off, "O_DIRECT read");
			if (!verify(who, how, rbuf, len, off))
				goto out;
			verified += len;
			break;
		case BUF_WRITE_DIO_OVERWRITE:
			fill(wbuf, len, off, iter, child);
			full_io(1, fd_buf, wbuf, len, off, "buffered write");
			mark(child, blk, cnt, iter);
			/* then O_DIRECT, with a new id, over the back part */
			part = (cnt + 1) / 2;
			from = cnt - part;
			iter = ++id;
			fill(wbuf, part * align, off + from * align, iter,
			     child);
			full_io(1, fd_dio, wbuf, part * align,
				off + from * align, "O_DIRECT write");
			mark(child, blk + from, part, iter);
			full_io(0, fd_buf, rbuf, len, off, "buffered read");
			if (!verify(who, how, rbuf, len, off))
				goto out;
			verified += len;
			break;
		case NMODES:
			break;
		}
		count[mode]++;
	}

	tst_res(TPASS, "child %u: %lu + %lu + %lu + %lu operations of the "
		"4 kinds, %llu bytes read back as written", child,
		count[0], count[1], count[2], count[3], verified);
out:
#ifdef HAVE_LINUX_AIO_ABI_H
	if (ctx)
		syscall(__NR_io_destroy, ctx);
#endif
	SAFE_CLOSE(fd_dio);
	SAFE_CLOSE(fd_buf);
	free(wbuf);
	free(rbuf);
	exit(0);
}

/* The parent, after the children: the whole file, read both ways. */
static void verify_file(int fd, const char *how)
{
	void *buf = alloc_io_buf(region);
	unsigned int child;

	for (child = 0; child < NCHILD; child++) {
		full_io(0, fd, buf, region, (off_t)child * region, how);
		if (!verify("whole file", how, buf, region,
			    (off_t)child * region))
			break;
	}
	if (child == NCHILD)
		tst_res(TPASS, "whole file (%zu bytes), %s: every word as "
			"last written", NCHILD * region, how);
	free(buf);
}

static void run(void)
{
	unsigned int child;
	int fd;

	for (child = 0; child < NCHILD; child++) {
		if (!SAFE_FORK())
			child_run(child);
	}
	TST_CHECKPOINT_WAKE2(0, NCHILD);
	tst_reap_children();

	fd = SAFE_OPEN(path, O_RDONLY | O_DIRECT);
	verify_file(fd, "O_DIRECT read");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(path, O_RDONLY);
	verify_file(fd, "buffered read");
	SAFE_CLOSE(fd);
}

/* O_DIRECT alignment: st_blksize, the page size, and what statx says. */
static void find_alignment(int fd)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	align = st.st_blksize;
	if (align < (size_t)getpagesize())
		align = getpagesize();
#if defined(HAVE_STATX) && defined(STATX_DIOALIGN)
	{
		struct statx stx;

		if (!statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) &&
		    (stx.stx_mask & STATX_DIOALIGN)) {
			if (!stx.stx_dio_offset_align)
				tst_brk(TCONF, "statx(): no O_DIRECT on %s",
					path);
			if (stx.stx_dio_offset_align > align)
				align = stx.stx_dio_offset_align;
			if (stx.stx_dio_mem_align > align)
				align = stx.stx_dio_mem_align;
		}
	}
#endif
	/* NFS reports its wsize (up to 1 MiB): a large but valid alignment */
	if (align & (align - 1))
		tst_brk(TBROK, "alignment %zu is not a power of two", align);
	region = align * 16 > REGION_MIN ? align * 16 : REGION_MIN;
	nblocks = region / align;
}

static void setup(void)
{
	const char *dir = getenv("LTP_NFS_DIR");
	void *buf;
	size_t blk;
	int fd;

	if (!dir || !*dir)
		dir = getenv("LTP_IO_DIR");
	if (!dir || !*dir)
		dir = MNTPOINT;
	snprintf(path, sizeof(path), "%s/dio_consistency.%d", dir, getpid());

	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_DIRECT, 0600);
	if (fd < 0 && errno == EINVAL)
		tst_brk(TCONF, "open(%s, O_DIRECT): EINVAL: no O_DIRECT on "
			"this filesystem", path);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s, O_CREAT | O_DIRECT)", path);
	created = 1;
	find_alignment(fd);

	last_iter = SAFE_MMAP(NULL, NCHILD * nblocks * sizeof(*last_iter),
			      PROT_READ | PROT_WRITE,
			      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	/* Iteration 0: the whole file written once with O_DIRECT. */
	buf = alloc_io_buf(align);
	for (blk = 0; blk < NCHILD * nblocks; blk++) {
		ssize_t ret;

		fill(buf, align, blk * align, 0, blk / nblocks);
		ret = pwrite(fd, buf, align, blk * align);
		if (ret < 0 && errno == EINVAL)
			tst_brk(TCONF, "O_DIRECT write of %zu bytes at an "
				"offset aligned to %zu: EINVAL", align, align);
		if (ret != (ssize_t)align)
			tst_brk(TBROK | TERRNO, "O_DIRECT write at %zu "
				"returned %zd", blk * align, ret);
	}
	free(buf);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);

#ifdef HAVE_LINUX_AIO_ABI_H
	{
		aio_context_t ctx = 0;

		have_aio = !syscall(__NR_io_setup, 1, &ctx);
		if (have_aio)
			syscall(__NR_io_destroy, ctx);
		else
			tst_res(TINFO | TERRNO, "io_setup(): the AIO O_DIRECT "
				"write is replaced by a plain one");
	}
#else
	tst_res(TINFO, "no <linux/aio_abi.h>: the AIO O_DIRECT write is "
		"replaced by a plain one");
#endif

	budget_ms = tst_remaining_runtime() * 1000L / 4;
	if (budget_ms > BUDGET_MS)
		budget_ms = BUDGET_MS;
	tst_res(TINFO, "%s: %d regions of %zu bytes, I/O aligned to %zu, "
		"time budget %ld ms", path, NCHILD, region, align, budget_ms);
}

static void cleanup(void)
{
	if (created && unlink(path))
		tst_res(TWARN | TERRNO, "unlink(%s)", path);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.mount_device = 1,
	.mntpoint = MNTPOINT,
	.dev_fs_type = "ext4",
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "332391a9935d" },
		{}
	},
};
