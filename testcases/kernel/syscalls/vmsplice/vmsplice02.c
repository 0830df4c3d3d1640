// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vmsplice(2) moves data intact, in both directions:
 * 0: user memory -> pipe. Several iovecs of odd lengths, some crossing page
 *    boundaries, are spliced in one call; the call returns their total and
 *    the pipe then yields exactly their concatenation, byte for byte, and
 *    nothing more.
 * 1: pipe -> user memory. Data written to the pipe is spread over several
 *    iovecs in order; the call returns the byte count and the pipe is empty.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include "tst_test.h"

#define NPAGES 4
#define NSEGS 4

static long page_size;
static unsigned char *src, *dst;
static size_t total;
static struct iovec segs[NSEGS];
static int pipe_fds[2] = { -1, -1 };

/* A pattern that differs between neighbouring bytes and pages. */
static void fill(unsigned char *buf, size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 7 + i / 251 + seed);
}

/* Segments over base: in one page, across a boundary, tiny, and so on. */
static void make_segs(unsigned char *base)
{
	segs[0].iov_base = base + 1;
	segs[0].iov_len = 1;
	segs[1].iov_base = base + 100;
	segs[1].iov_len = page_size;
	segs[2].iov_base = base + 2 * page_size - 7;
	segs[2].iov_len = 7 + 333;
	segs[3].iov_base = base + 3 * page_size + 1;
	segs[3].iov_len = page_size - 1;
}

/* Each segment needs one pipe slot per page it touches. */
static unsigned int slots_needed(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < NSEGS; i++) {
		unsigned long first = (unsigned long)segs[i].iov_base;
		unsigned long last = first + segs[i].iov_len - 1;

		n += last / page_size - first / page_size + 1;
	}
	return n;
}

static void setup(void)
{
	unsigned int i;
	int pipe_bytes;

	page_size = sysconf(_SC_PAGESIZE);
	src = SAFE_MMAP(NULL, NPAGES * page_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	dst = SAFE_MMAP(NULL, NPAGES * page_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	make_segs(src);
	for (i = 0; i < NSEGS; i++)
		total += segs[i].iov_len;

	SAFE_PIPE(pipe_fds);
	/*
	 * A user over the pipe-user-pages-soft limit gets pipes of two slots;
	 * then the splice would be short for a reason that is no kernel bug.
	 */
	pipe_bytes = fcntl(pipe_fds[1], F_GETPIPE_SZ);
	if (pipe_bytes < 0)
		tst_brk(TBROK | TERRNO, "fcntl(F_GETPIPE_SZ)");
	if ((unsigned long)pipe_bytes / page_size < slots_needed()) {
		tst_brk(TCONF, "the pipe holds %d bytes, the test needs %u "
			"pages (pipe-user-pages-soft exceeded?)",
			pipe_bytes, slots_needed());
	}
}

static void cleanup(void)
{
	if (pipe_fds[0] >= 0)
		SAFE_CLOSE(pipe_fds[0]);
	if (pipe_fds[1] >= 0)
		SAFE_CLOSE(pipe_fds[1]);
	if (src)
		SAFE_MUNMAP(src, NPAGES * page_size);
	if (dst)
		SAFE_MUNMAP(dst, NPAGES * page_size);
}

static int bytes_in_pipe(void)
{
	int left;

	if (ioctl(pipe_fds[0], FIONREAD, &left))
		tst_brk(TBROK | TERRNO, "ioctl(FIONREAD)");
	return left;
}

/* After a failed case: leave the pipe empty for the next iteration. */
static void drain_pipe(void)
{
	char buf[256];
	int left;

	while ((left = bytes_in_pipe()) > 0)
		SAFE_READ(0, pipe_fds[0], buf,
			  left < (int)sizeof(buf) ? left : (int)sizeof(buf));
}

/* Report the first differing byte, or pass. */
static void compare(const unsigned char *got, const unsigned char *exp,
		    size_t len, const char *what)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (got[i] != exp[i]) {
			tst_res(TFAIL, "%s: byte %zu is 0x%02x, expected 0x%02x",
				what, i, got[i], exp[i]);
			return;
		}
	}
	tst_res(TPASS, "%s: all %zu bytes intact", what, len);
}

static void to_pipe(void)
{
	unsigned char *exp = SAFE_MALLOC(total);
	unsigned char *got = SAFE_MALLOC(total);
	size_t off = 0;
	unsigned int i;

	fill(src, NPAGES * page_size, 3);
	for (i = 0; i < NSEGS; i++) {
		memcpy(exp + off, segs[i].iov_base, segs[i].iov_len);
		off += segs[i].iov_len;
	}

	TST_EXP_VAL(vmsplice(pipe_fds[1], segs, NSEGS, 0), (long)total,
		    "vmsplice() of %d iovecs into the pipe", NSEGS);
	if (TST_PASS) {
		SAFE_READ(1, pipe_fds[0], got, total);
		compare(got, exp, total, "data read from the pipe");
		/* Anything left would be data nobody spliced. */
		TST_EXP_EQ_LI(bytes_in_pipe(), 0);
	}
	drain_pipe();
	free(exp);
	free(got);
}

static void to_user(void)
{
	unsigned char *data = SAFE_MALLOC(total);
	size_t off = 0;
	unsigned int i;

	fill(data, total, 11);
	memset(dst, 0, NPAGES * page_size);
	make_segs(dst);
	SAFE_WRITE(1, pipe_fds[1], data, total);

	TST_EXP_VAL(vmsplice(pipe_fds[0], segs, NSEGS, 0), (long)total,
		    "vmsplice() from the pipe into %d iovecs", NSEGS);
	if (TST_PASS) {
		for (i = 0; i < NSEGS; i++) {
			char what[64];

			snprintf(what, sizeof(what), "iovec %u", i);
			compare(segs[i].iov_base, data + off, segs[i].iov_len,
				what);
			off += segs[i].iov_len;
		}
		TST_EXP_EQ_LI(bytes_in_pipe(), 0);
	}
	drain_pipe();
	make_segs(src);
	free(data);
}

static void run(unsigned int n)
{
	if (n == 0)
		to_pipe();
	else
		to_user();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
};
