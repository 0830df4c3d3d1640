// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mallopt() settings, each seen in mallinfo2() and in what the kernel
 * says of the heap (the program break, VmSize):
 *  - M_MXFAST: 160 (80 * sizeof(size_t) / 4, the largest) is accepted, 161
 *    refused (returns 0). M_MXFAST 0 empties the fast bins (smblks and
 *    fsmblks 0) and keeps them empty through 20 frees of 40-byte blocks;
 *    back at the default, the same frees leave the 13 chunks the thread
 *    cache (7) does not take in the fast bins: smblks 13, fsmblks 13 * 48
 *    (upstream's test checked smblks 0 before any such free);
 *  - M_MMAP_MAX 0: 1 MiB comes from the heap, the break moving up at
 *    least that much and arena with it, hblks unchanged; with 65536 again
 *    it is a mapping of its own (hblks + 1, VmSize grows by hblkhd's
 *    growth, the break stays);
 *  - M_TOP_PAD: 1 MiB of pad moves the break up by the request plus 1 MiB
 *    (less what was left at the top, under a page); with 0, by the
 *    request, within a page or two;
 *  - M_TRIM_THRESHOLD: freeing a 512 KiB block at the top gives memory
 *    back to the kernel (the break moves down by what arena loses) with
 *    the threshold at 256 KiB, and not with it at 4 MiB;
 *  - M_PERTURB 0xa5: malloc() hands out bytes of 0x5a (0xa5 ^ 0xff), for
 *    a size the thread cache does not serve.
 * Syscalls: brk, mmap
 */
#include "malloc_kernel.h"

#define MAX_FAST_SIZE (80 * sizeof(size_t) / 4)
#define NSMALL 20

static unsigned long start;

static void set(int param, int value, const char *name)
{
	if (mallopt(param, value) != 1)
		tst_res(TFAIL, "mallopt(%s, %d) returned 0", name, value);
}

static void free_small(void)
{
	void *p[NSMALL];
	int i;

	for (i = 0; i < NSMALL; i++)
		if (!(p[i] = malloc_fn(40)))
			tst_brk(TBROK, "malloc(40)");
	for (i = 0; i < NSMALL; i++)
		free_fn(p[i]);
}

static void test_mxfast(void)
{
	struct heap_view a, b;

	TST_EXP_VAL(mallopt(M_MXFAST, MAX_FAST_SIZE), 1,
		    "mallopt(M_MXFAST, %zu)", MAX_FAST_SIZE);
	TST_EXP_VAL(mallopt(M_MXFAST, MAX_FAST_SIZE + 1), 0,
		    "mallopt(M_MXFAST, %zu)", MAX_FAST_SIZE + 1);
	set(M_MXFAST, 0, "M_MXFAST");
	a = heap_view();
	free_small();
	b = heap_view();
	TST_EXP_EXPR(!a.mi.smblks && !a.mi.fsmblks && !b.mi.smblks &&
		     !b.mi.fsmblks, "M_MXFAST 0 empties the fast bins, and "
		     "they stay empty through %d frees of 40 bytes (smblks "
		     "%zu, %zu)", NSMALL, a.mi.smblks, b.mi.smblks);
	/* the fast bins are empty: of 20 chunks freed, 7 stay in the cache */
	set(M_MXFAST, 64 * sizeof(size_t) / 4, "M_MXFAST");
	free_small();
	b = heap_view();
	TST_EXP_EXPR(b.mi.smblks == NSMALL - 7 &&
		     b.mi.fsmblks == 48 * (NSMALL - 7), "default M_MXFAST: "
		     "%d freed 40-byte blocks, 7 kept in the thread cache, "
		     "leave %zu fast bin chunks of %zu bytes in all (want %d "
		     "of 48)", NSMALL, b.mi.smblks,
		     b.mi.smblks ? b.mi.fsmblks / b.mi.smblks : 0, NSMALL - 7);
}

static void test_mmap_max(void)
{
	struct heap_view a, b;
	char *p;

	malloc_trim(0);
	set(M_MMAP_MAX, 0, "M_MMAP_MAX");
	a = heap_view();
	p = malloc_fn(1 << 20);
	b = heap_view();
	TST_EXP_EXPR(p && b.brk - a.brk >= 1 << 20 &&
		     b.mi.arena - a.mi.arena == b.brk - a.brk &&
		     b.mi.hblks == a.mi.hblks && (unsigned long)p >= start &&
		     (unsigned long)p < b.brk, "M_MMAP_MAX 0: 1 MiB from the "
		     "heap, the break up %lu bytes, arena with it, no mapping",
		     b.brk - a.brk);
	free_fn(p);
	malloc_trim(0);
	set(M_MMAP_MAX, 65536, "M_MMAP_MAX");
	a = heap_view();
	p = malloc_fn(1 << 20);
	b = heap_view();
	TST_EXP_EXPR(p && b.mi.hblks == a.mi.hblks + 1 && b.brk == a.brk &&
		     b.mi.hblkhd - a.mi.hblkhd == b.vm - a.vm,
		     "M_MMAP_MAX 65536: 1 MiB is a mapping of its own "
		     "(VmSize + %lu, hblkhd + %zu)", b.vm - a.vm,
		     b.mi.hblkhd - a.mi.hblkhd);
	free_fn(p);
}

static void test_top_pad(void)
{
	struct heap_view a, b;
	size_t req = 256 * 1024, ps = getpagesize();
	char *p;

	set(M_MMAP_MAX, 0, "M_MMAP_MAX");
	set(M_TOP_PAD, 1 << 20, "M_TOP_PAD");
	malloc_trim(0);
	a = heap_view();
	p = malloc_fn(req);
	b = heap_view();
	TST_EXP_EXPR(p && b.brk - a.brk >= req + (1 << 20) - ps,
		     "M_TOP_PAD 1 MiB: "
		     "a %zu-byte request moves the break up %lu bytes",
		     req, b.brk - a.brk);
	free_fn(p);
	set(M_TOP_PAD, 0, "M_TOP_PAD");
	malloc_trim(0);
	a = heap_view();
	p = malloc_fn(req);
	b = heap_view();
	TST_EXP_EXPR(p && b.brk - a.brk >= req - ps &&
		     b.brk - a.brk < req + 2 * ps, "M_TOP_PAD 0: a %zu-byte "
		     "request moves the break up %lu bytes", req,
		     b.brk - a.brk);
	free_fn(p);
	malloc_trim(0);
}

static void test_trim(void)
{
	struct heap_view a, b, c;
	char *p;

	set(M_MMAP_MAX, 0, "M_MMAP_MAX");
	set(M_TOP_PAD, 0, "M_TOP_PAD");
	set(M_TRIM_THRESHOLD, 256 * 1024, "M_TRIM_THRESHOLD");
	malloc_trim(0);
	a = heap_view();
	p = malloc_fn(512 * 1024);
	b = heap_view();
	free_fn(p);
	c = heap_view();
	TST_EXP_EXPR(p && c.brk < b.brk && b.mi.arena - c.mi.arena ==
		     b.brk - c.brk && c.brk - a.brk < 2UL * getpagesize(),
		     "M_TRIM_THRESHOLD 256 KiB: freeing 512 KiB at the top "
		     "moves the break down %lu bytes, as arena shrinks",
		     b.brk - c.brk);
	set(M_TRIM_THRESHOLD, 4 << 20, "M_TRIM_THRESHOLD");
	p = malloc_fn(512 * 1024);
	b = heap_view();
	free_fn(p);
	c = heap_view();
	TST_EXP_EXPR(p && c.brk == b.brk && c.mi.arena == b.mi.arena,
		     "M_TRIM_THRESHOLD 4 MiB: freeing 512 KiB at the top keeps "
		     "the break where it is");
	malloc_trim(0);
	set(M_MMAP_MAX, 65536, "M_MMAP_MAX");
}

static void test_perturb(void)
{
	unsigned char *p;
	size_t i;

	set(M_PERTURB, 0xa5, "M_PERTURB");
	p = malloc_fn(2000);
	if (!p)
		tst_brk(TBROK, "malloc(2000)");
	for (i = 0; i < 2000 && p[i] == 0x5a; i++)
		;
	TST_EXP_EXPR(i == 2000, "M_PERTURB 0xa5: malloc(2000) hands out 0x5a "
		     "bytes (byte %zu differs)", i);
	free_fn(p);
	set(M_PERTURB, 0, "M_PERTURB");
}

static void run(void)
{
	test_mxfast();
	test_mmap_max();
	test_top_pad();
	test_trim();
	test_perturb();
	TST_EXP_EXPR(heap_is_brk(&(struct heap_view){ mallinfo2(), kernel_brk(),
				 0 }, start), "arena is still brk - start_brk");
}

static void setup(void)
{
	void *p;

	set(M_MMAP_THRESHOLD, 128 * 1024, "M_MMAP_THRESHOLD");
	p = malloc_fn(64);
	free_fn(p);
	start = kernel_start_brk();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
