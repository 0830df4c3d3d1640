// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Memory grown by realloc() and calloc() as the C library does it for
 * large blocks, on mmap() and mremap() (M_MMAP_THRESHOLD 64 KiB):
 *  - a block grown by realloc() from 128 KiB to 32 MiB, doubling, with a
 *    live 128 KiB block allocated after it each time (so that it cannot
 *    always grow in place): each step keeps every byte of the pattern
 *    written over the whole old size, and the new tail is writable;
 *  - the same growth done with mremap(MREMAP_MAYMOVE) directly, with a
 *    one-page mapping placed just after the block each time so that it
 *    must move: the old range is unmapped after each move (mincore()
 *    ENOMEM), the new tail reads 0, the data is kept;
 *  - after the moved mapping is unmapped VmSize in /proc/self/status is
 *    exactly what it was before (no range left behind by a move);
 *  - calloc() of 1 MiB right after free() of a 1 MiB block full of 0xff
 *    returns all zeros (the C library relies on fresh anonymous memory
 *    being zeroed by the kernel and skips the memset).
 * Facts from upstream LTP's mem02.
 * Syscalls: mremap, mmap, munmap
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"

#define START (128 * 1024UL)
#define END (32 * 1024 * 1024UL)

static size_t ps;

static long vm_size_kb(void)
{
	char buf[8192], *l;
	ssize_t n;
	int fd = SAFE_OPEN("/proc/self/status", O_RDONLY);

	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(/proc/self/status)");
	buf[n] = 0;
	SAFE_CLOSE(fd);
	l = strstr(buf, "VmSize:");
	if (!l)
		tst_brk(TBROK, "no VmSize in /proc/self/status");
	return strtol(l + 7, NULL, 10);
}

static unsigned char pat(size_t i)
{
	return (unsigned char)(i * 131 + (i >> 12) + 7);
}

/* First offset in [from, to) not holding the pattern, or to. */
static size_t check_pat(const unsigned char *p, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		if (p[i] != pat(i))
			return i;
	return to;
}

static void fill(unsigned char *p, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		p[i] = pat(i);
}

static void with_realloc(void)
{
	void *blockers[16];
	unsigned char *p, *q;
	size_t sz, bad;
	int nb = 0, moved = 0, steps = 0, ok = 1;

	p = malloc(START);
	if (!p)
		tst_brk(TBROK, "malloc(%lu)", START);
	fill(p, 0, START);
	for (sz = START; sz < END; sz *= 2) {
		blockers[nb] = malloc(START);
		if (!blockers[nb])
			tst_brk(TBROK, "malloc() of a blocker");
		nb++;
		q = realloc(p, 2 * sz);
		if (!q)
			tst_brk(TBROK, "realloc(%zu)", 2 * sz);
		moved += q != p;
		p = q;
		bad = check_pat(p, 0, sz);
		if (bad != sz) {
			tst_res(TFAIL, "realloc() from %zu to %zu bytes: byte "
				"%zu is %#x, not %#x", sz, 2 * sz, bad, p[bad],
				pat(bad));
			ok = 0;
			break;
		}
		fill(p, sz, 2 * sz);
		steps++;
	}
	if (ok)
		tst_res(TPASS, "realloc() from 128 KiB to 32 MiB in %d steps "
			"(%d moved) kept every byte", steps, moved);
	free(p);
	while (nb--)
		free(blockers[nb]);
}

static void with_mremap(void)
{
	unsigned char *p, *q, vec[1];
	size_t sz, bad;
	int steps = 0, ok = 1;
	void *blk;

	p = SAFE_MMAP(NULL, START, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fill(p, 0, START);
	for (sz = START; sz < END; sz *= 2) {
		/* occupy the page after the block: it has to move */
		blk = mmap(p + sz, ps, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
			   MAP_FIXED_NOREPLACE, -1, 0);
		if (blk != p + sz) {
			if (blk != MAP_FAILED)
				SAFE_MUNMAP(blk, ps);
			blk = NULL;
		}
		q = mremap(p, sz, 2 * sz, MREMAP_MAYMOVE);
		if (q == MAP_FAILED)
			tst_brk(TBROK | TERRNO, "mremap(%zu -> %zu)", sz,
				2 * sz);
		if (blk) {
			errno = 0;
			if (q == p || mincore(p, ps, vec) != -1 ||
			    errno != ENOMEM) {
				tst_res(TFAIL, "mremap() with the next page "
					"taken: %p -> %p, old range %s", p, q,
					q == p ? "grown in place" : "still "
					"mapped");
				ok = 0;
			}
			SAFE_MUNMAP(blk, ps);
		}
		bad = check_pat(q, 0, sz);
		if (bad != sz || q[sz] || q[2 * sz - 1]) {
			tst_res(TFAIL, "mremap() from %zu to %zu bytes: data "
				"byte %zu of %zu wrong, tail %d/%d", sz,
				2 * sz, bad, sz, q[sz], q[2 * sz - 1]);
			ok = 0;
		}
		p = q;
		fill(p, sz, 2 * sz);
		steps++;
		if (!ok)
			break;
	}
	if (ok)
		tst_res(TPASS, "mremap(MREMAP_MAYMOVE) from 128 KiB to 32 MiB "
			"in %d moves: data kept, old ranges unmapped, tails "
			"zero", steps);
	SAFE_MUNMAP(p, ok ? sz : 2 * sz);
}

static void zeroed_calloc(void)
{
	unsigned char *p;
	size_t i, sz = 1024 * 1024;

	p = malloc(sz);
	if (!p)
		tst_brk(TBROK, "malloc(1 MiB)");
	memset(p, 0xff, sz);
	free(p);
	p = calloc(1, sz);
	if (!p)
		tst_brk(TBROK, "calloc(1 MiB)");
	for (i = 0; i < sz && !p[i]; i++)
		;
	TST_EXP_EXPR(i == sz, "calloc(1 MiB) after free() of a dirty 1 MiB "
		     "block reads all zeros (first non-zero at %zu)", i);
	free(p);
}

static void run(void)
{
	long before, after;

	with_realloc();
	before = vm_size_kb();
	with_mremap();
	after = vm_size_kb();
	TST_EXP_EXPR(after == before, "VmSize back to %ld kB after the moved "
		     "mapping is unmapped (%ld kB)", before, after);
	zeroed_calloc();
}

static void setup(void)
{
	void *p;

	ps = getpagesize();
	if (!mallopt(M_MMAP_THRESHOLD, 64 * 1024) ||
	    !mallopt(M_TRIM_THRESHOLD, 64 * 1024))
		tst_brk(TBROK, "mallopt()");
	/* let stdio and the C library take what they keep for good */
	p = malloc(4096);
	free(p);
	tst_res(TINFO, "M_MMAP_THRESHOLD 64 KiB");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
};
