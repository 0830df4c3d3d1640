// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mallinfo() (int fields) counts the heap the kernel gave through brk():
 *  - arena is the program break minus the heap's start (start_brk of
 *    /proc/self/stat), and uordblks + fordblks is arena;
 *  - after 20 allocations of 2 KiB + 160 * i bytes (upstream's sizes
 *    raised above the thread cache, whose chunks count as in use),
 *    uordblks grew by exactly the sum of the chunks (malloc_usable_size()
 *    + sizeof(size_t) each), and arena is still brk - start, having grown
 *    by exactly what the break moved;
 *  - freeing one of them whose neighbours are in use adds one free chunk
 *    (ordblks + 1) of its size to fordblks and takes it from uordblks;
 *  - freeing them all gives uordblks back its value from before.
 * Syscalls: brk
 */
#include "malloc_kernel.h"

#define M_NUM 20

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static struct mallinfo old_mallinfo(void)
{
	return mallinfo();
}
#pragma GCC diagnostic pop

static char *buf[M_NUM];
static unsigned long start;

static void print(const char *what, const struct mallinfo *m)
{
	tst_res(TINFO, "%s: arena %d, ordblks %d, hblks %d, hblkhd %d, "
		"uordblks %d, fordblks %d, keepcost %d", what, m->arena,
		m->ordblks, m->hblks, m->hblkhd, m->uordblks, m->fordblks,
		m->keepcost);
}

static int heap_ok(const struct mallinfo *m, unsigned long brk)
{
	return (unsigned long)m->arena == brk - start &&
	       m->uordblks + m->fordblks == m->arena;
}

/* one of ours whose neighbours in the heap are ours too */
static int middle_one(void)
{
	int i, j, before, after;

	for (i = 0; i < M_NUM; i++) {
		before = after = 0;
		for (j = 0; j < M_NUM; j++) {
			if (buf[j] + chunk_size(buf[j]) == buf[i])
				before = 1;
			if (buf[i] + chunk_size(buf[i]) == buf[j])
				after = 1;
		}
		if (before && after)
			return i;
	}
	return -1;
}

static void run(void)
{
	struct mallinfo m0, m1, m2;
	unsigned long brk0, brk1;
	size_t total = 0;
	int i, mid;

	m0 = old_mallinfo();
	brk0 = kernel_brk();
	if (!heap_ok(&m0, brk0)) {
		print("start", &m0);
		tst_res(TFAIL, "arena is not brk - start_brk (%#lx - %#lx), or "
			"not uordblks + fordblks", brk0, start);
	} else {
		tst_res(TPASS, "arena %d is brk - start_brk, and uordblks + "
			"fordblks", m0.arena);
	}
	for (i = 0; i < M_NUM; i++)
		buf[i] = malloc_fn(2048 + 160 * i);
	m1 = old_mallinfo();
	brk1 = kernel_brk();
	for (i = 0; i < M_NUM; i++) {
		if (!buf[i])
			tst_brk(TBROK, "malloc() failed");
		total += chunk_size(buf[i]);
	}
	TST_EXP_EXPR((size_t)(m1.uordblks - m0.uordblks) == total,
		     "20 allocations add their %zu bytes of chunks to uordblks "
		     "(%d)", total, m1.uordblks - m0.uordblks);
	TST_EXP_EXPR(heap_ok(&m1, brk1) &&
		     (unsigned long)(m1.arena - m0.arena) == brk1 - brk0,
		     "arena %d is still brk - start_brk, grown by the %lu "
		     "bytes the break moved", m1.arena, brk1 - brk0);

	mid = middle_one();
	if (mid < 0) {
		tst_res(TCONF, "no allocation lies between two others");
	} else {
		total = chunk_size(buf[mid]);
		free_fn(buf[mid]);
		buf[mid] = NULL;
		m2 = old_mallinfo();
		if (m2.ordblks == m1.ordblks + 1 &&
		    (size_t)(m2.fordblks - m1.fordblks) == total &&
		    (size_t)(m1.uordblks - m2.uordblks) == total) {
			tst_res(TPASS, "freeing a %zu-byte chunk between two "
				"in use: ordblks + 1, its bytes moved from "
				"uordblks to fordblks", total);
		} else {
			print("before", &m1);
			print("after", &m2);
			tst_res(TFAIL, "freeing a %zu-byte chunk between two in "
				"use", total);
		}
	}
	for (i = 0; i < M_NUM; i++) {
		free_fn(buf[i]);
		buf[i] = NULL;
	}
	m2 = old_mallinfo();
	TST_EXP_EXPR(m2.uordblks == m0.uordblks, "freeing them all gives "
		     "uordblks back (%d, was %d)", m2.uordblks, m0.uordblks);
	TST_EXP_EXPR(heap_ok(&m2, kernel_brk()), "arena %d is brk - start_brk "
		     "after the frees", m2.arena);
}

static void setup(void)
{
	void *p;

	TST_EXP_EXPR(sizeof(((struct mallinfo *)0)->arena) == sizeof(int),
		     "struct mallinfo has int fields");
	/* a heap, if the library has not made one yet */
	p = malloc_fn(64);
	free_fn(p);
	start = kernel_start_brk();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
