// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mallinfo2() counts in size_t, so it holds more than 2 GiB, which the
 * int fields of mallinfo() cannot (the reason mallinfo2() was added):
 * 17 allocations of 128 MiB, each a mapping of its own, bring hblks up
 * by 17 and hblkhd up by 17 times 128 MiB and a page or so each, past
 * INT_MAX, and by exactly what the kernel's VmSize grew; arena and the
 * program break do not move. Freeing them unmaps them (mincore()
 * ENOMEM) and gives VmSize, hblks and hblkhd back. Upstream's test makes
 * one 2 GiB allocation, which the kernel's heuristic overcommit refuses
 * on a guest with less memory; 128 MiB each is accepted on any.
 * Syscalls: mmap, munmap
 */
#include <limits.h>
#include "malloc_kernel.h"

#define N 17
#define SIZE (128UL << 20)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static int old_hblkhd(void)
{
	return mallinfo().hblkhd;
}
#pragma GCC diagnostic pop

static char *buf[N];

static void run(void)
{
	struct heap_view a, b, c;
	size_t grown;
	int i, old;

	a = heap_view();
	for (i = 0; i < N; i++) {
		buf[i] = malloc_fn(SIZE);
		if (!buf[i])
			tst_brk(TBROK | TERRNO, "malloc(%lu) number %d", SIZE,
				i + 1);
	}
	b = heap_view();
	old = old_hblkhd();
	grown = b.mi.hblkhd - a.mi.hblkhd;
	if (b.mi.hblks == a.mi.hblks + N && grown >= N * SIZE &&
	    grown < N * (SIZE + 64 * 1024) && grown == b.vm - a.vm &&
	    b.mi.hblkhd > INT_MAX && b.brk == a.brk &&
	    b.mi.arena == a.mi.arena) {
		tst_res(TPASS, "mallinfo2(): hblks + %d, hblkhd %zu (+ %zu, "
			"as VmSize grew), past INT_MAX", N, b.mi.hblkhd, grown);
	} else {
		heap_view_print("before", &a);
		heap_view_print("after", &b);
		tst_res(TFAIL, "mallinfo2() after %d allocations of %lu bytes: "
			"hblkhd + %zu, VmSize + %lu", N, SIZE, grown,
			b.vm - a.vm);
	}
	tst_res(TINFO, "mallinfo() has hblkhd %d there", old);
	for (i = 0; i < N; i++) {
		free_fn(buf[i]);
		if (kernel_mapped(buf[i]))
			tst_res(TFAIL, "allocation %d is still mapped after "
				"free()", i + 1);
		buf[i] = NULL;
	}
	c = heap_view();
	TST_EXP_EXPR(c.vm == a.vm && c.mi.hblks == a.mi.hblks &&
		     c.mi.hblkhd == a.mi.hblkhd, "free() gave it all back: "
		     "VmSize, hblks and hblkhd as before");
}

static void setup(void)
{
	void *p;

	/* the first malloc() makes the heap: not while measuring */
	p = malloc_fn(64);
	free_fn(p);
	/* fixed: 128 MiB is mapped, whatever the library did before */
	if (mallopt(M_MMAP_THRESHOLD, 1024 * 1024) != 1)
		tst_brk(TBROK, "mallopt(M_MMAP_THRESHOLD)");
}

static void cleanup(void)
{
	int i;

	for (i = 0; i < N; i++)
		free(buf[i]);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
