// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * malloc() takes memory from the heap (brk) below M_MMAP_THRESHOLD and
 * from a mapping of its own (mmap) above it, and mallinfo() says which,
 * in agreement with the kernel. With the threshold at 128 KiB, then
 * 64 KiB (mallopt() returns 1), M_TOP_PAD 0, and the heap's top trimmed
 * first (malloc_trim(0): the break moves down by exactly what arena
 * loses, and keepcost is under a page):
 *  - 20480 bytes, and 1 KiB below the threshold: hblks and hblkhd do not
 *    change, the memory lies between start_brk and the program break,
 *    which moved up by exactly what arena grew;
 *  - 4 KiB, and 1 KiB, above the threshold: hblks + 1, hblkhd grows by
 *    exactly what VmSize grows (the new mapping), the break and arena do
 *    not move, the memory is outside the heap; free() unmaps it
 *    (mincore() ENOMEM, VmSize and hblkhd back).
 * Syscalls: brk, mmap, munmap
 */
#include "malloc_kernel.h"

static unsigned long start;

static void trim(void)
{
	struct heap_view a, b;

	a = heap_view();
	malloc_trim(0);
	b = heap_view();
	if (!heap_is_brk(&b, start) || a.mi.arena - b.mi.arena != a.brk - b.brk ||
	    b.mi.keepcost >= (size_t)getpagesize() + 64) {
		heap_view_print("before malloc_trim(0)", &a);
		heap_view_print("after", &b);
		tst_res(TFAIL, "malloc_trim(0) did not give the top back to "
			"the kernel by brk()");
	}
}

/* malloc(size) after trim(), with the views just before (a) and after (b). */
static char *malloc_traced(size_t size, struct heap_view *a,
			   struct heap_view *b)
{
	char *p;

	trim();
	*a = heap_view();
	p = malloc_fn(size);
	*b = heap_view();
	if (!p)
		tst_brk(TBROK | TERRNO, "malloc(%zu)", size);
	return p;
}

static void from_heap(size_t size, const char *what)
{
	struct heap_view a, b, c;
	char *p = malloc_traced(size, &a, &b);

	if (b.mi.hblks == a.mi.hblks && b.mi.hblkhd == a.mi.hblkhd &&
	    (unsigned long)p >= start && (unsigned long)p + size <= b.brk &&
	    b.brk > a.brk && b.mi.arena - a.mi.arena == b.brk - a.brk &&
	    heap_is_brk(&b, start)) {
		tst_res(TPASS, "malloc(%zu) (%s) comes from the heap: the "
			"break moved up %lu bytes, as arena did, no mapping "
			"counted", size, what, b.brk - a.brk);
	} else {
		heap_view_print("before", &a);
		heap_view_print("after", &b);
		tst_res(TFAIL, "malloc(%zu) (%s) at %p, heap %#lx-%#lx: not "
			"from the heap as mallinfo() and brk() agree", size,
			what, (void *)p, start, b.brk);
	}
	free_fn(p);
	trim();
	c = heap_view();
	TST_EXP_EXPR(c.brk == a.brk, "free() and malloc_trim(0) gave the "
		     "break back (%#lx, was %#lx)", c.brk, a.brk);
}

static void from_mmap(size_t size, const char *what)
{
	struct heap_view a, b, c;
	char *p = malloc_traced(size, &a, &b);

	if (b.mi.hblks == a.mi.hblks + 1 &&
	    b.mi.hblkhd - a.mi.hblkhd == b.vm - a.vm &&
	    b.mi.hblkhd - a.mi.hblkhd >= size &&
	    b.brk == a.brk && b.mi.arena == a.mi.arena &&
	    ((unsigned long)p + size <= start || (unsigned long)p >= b.brk)) {
		tst_res(TPASS, "malloc(%zu) (%s) is a mapping of its own: "
			"hblks + 1, hblkhd + %zu as VmSize grew, the break "
			"did not move", size, what, b.mi.hblkhd - a.mi.hblkhd);
	} else {
		heap_view_print("before", &a);
		heap_view_print("after", &b);
		tst_res(TFAIL, "malloc(%zu) (%s) at %p: not a mapping of its "
			"own as mallinfo() and the kernel agree", size, what,
			(void *)p);
	}
	free_fn(p);
	c = heap_view();
	TST_EXP_EXPR(!kernel_mapped(p) && c.vm == a.vm &&
		     c.mi.hblks == a.mi.hblks && c.mi.hblkhd == a.mi.hblkhd,
		     "free() unmapped it: mincore() ENOMEM, VmSize, hblks and "
		     "hblkhd back");
}

static void run(void)
{
	TST_EXP_VAL(mallopt(M_MMAP_THRESHOLD, 128 * 1024), 1);
	from_heap(20480, "upstream's size");
	from_heap(127 * 1024, "1 KiB below the threshold");
	from_mmap(132 * 1024, "4 KiB above the threshold");
	TST_EXP_VAL(mallopt(M_MMAP_THRESHOLD, 64 * 1024), 1);
	from_heap(63 * 1024, "1 KiB below the threshold");
	from_mmap(65 * 1024, "1 KiB above the threshold");
}

static void setup(void)
{
	void *p;

	if (mallopt(M_TOP_PAD, 0) != 1)
		tst_brk(TBROK, "mallopt(M_TOP_PAD, 0) failed");
	p = malloc_fn(64);
	free_fn(p);
	start = kernel_start_brk();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
