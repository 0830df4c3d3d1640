// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memset() sets exactly n bytes to (unsigned char)c and returns s: for
 * every length 0 to 320 at every alignment 0..15, with c 0, 0xa5 and
 * 0x1ff (which sets 0xff), the 16 bytes before and after stay as they
 * were; with the buffer ending at a PROT_NONE guard page (a write past
 * its end faults) or starting right after one (a write before its start
 * faults), for lengths 0..320 and 4095..8192. The kernel side: the guard
 * pages fault with SEGV_ACCERR at the address touched.
 * Syscalls: mprotect
 */
#include <stdio.h>
#include <string.h>
#include "guard_page.h"

#define MAXLEN 320
#define CANARY 0x5a

/* Through a pointer, so the compiler calls the C library's memset. */
static void *(*volatile set)(void *, int, size_t) = memset;

static const int values[] = { 0, 0xa5, 0x1ff };
static struct guarded g;
static char what[128];

static int one(char *s, int c, size_t n, size_t before, size_t after)
{
	unsigned char want = (unsigned char)c;
	void *ret;
	size_t i;

	for (i = 0; i < before + n + after; i++)
		s[(long)i - (long)before] = CANARY;
	ret = set(s, c, n);
	if (ret != s) {
		tst_res(TFAIL, "%s: returned %p, not s %p", what, ret,
			(void *)s);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] != want) {
			tst_res(TFAIL, "%s: byte %zu is 0x%02x, not 0x%02x",
				what, i, (unsigned char)s[i], want);
			return 0;
		}
	}
	for (i = 1; i <= before; i++) {
		if (s[-(long)i] != CANARY) {
			tst_res(TFAIL, "%s: wrote byte %zu before s", what, i);
			return 0;
		}
	}
	for (i = 0; i < after; i++) {
		if (s[n + i] != CANARY) {
			tst_res(TFAIL, "%s: wrote s[%zu], past the end", what,
				n + i);
			return 0;
		}
	}
	return 1;
}

static void test_alignments(void)
{
	unsigned int a, v;
	size_t n, calls = 0;

	for (v = 0; v < ARRAY_SIZE(values); v++) {
		for (a = 0; a < 16; a++) {
			for (n = 0; n <= MAXLEN; n++, calls++) {
				snprintf(what, sizeof(what), "memset(align %u, "
					 "0x%x, %zu)", a, values[v], n);
				if (!one(g.start + 64 + a, values[v], n, 16,
					 16))
					return;
			}
		}
	}
	tst_res(TPASS, "memset() at alignments 0..15, lengths 0..%d, c 0, "
		"0xa5, 0x1ff: exactly n bytes of (unsigned char)c, returns s "
		"(%zu calls)", MAXLEN, calls);
}

static int at_guard(size_t n, int v, int at_end)
{
	char *s = guard_place(&g, n, 0, at_end);

	snprintf(what, sizeof(what), "memset(s %s a guard page, 0x%x, %zu)",
		 at_end ? "ending at" : "starting after", values[v], n);
	return one(s, values[v], n, at_end && n < g.size ? 1 : 0,
		   !at_end && n < g.size ? 1 : 0);
}

static size_t calls;

static void test_guards(void)
{
	static const size_t big[] = { 4095, 4096, 4097, 8191, 8192 };
	unsigned int v, i;
	size_t n;
	int e;

	calls = 0;
	if (GUARD_CAUGHT()) {
		guard_report(&g, NULL, what, "touched");
		return;
	}
	for (e = 0; e < 2; e++) {
		for (v = 0; v < ARRAY_SIZE(values); v++) {
			for (n = 0; n <= MAXLEN; n++, calls++)
				if (!at_guard(n, v, e))
					goto out;
			for (i = 0; i < ARRAY_SIZE(big); i++, calls++)
				if (!at_guard(big[i], v, e))
					goto out;
		}
	}
	tst_res(TPASS, "memset() ending at or starting after a guard page, "
		"lengths 0..%d and 4095..8192: nothing outside the buffer "
		"touched (%zu calls)", MAXLEN, calls);
out:
	guard_disarm();
}

static void run(void)
{
	if (!guard_selfcheck(&g))
		return;
	test_alignments();
	test_guards();
}

static void setup(void)
{
	guard_install();
	g = guard_alloc(2);
}

static void cleanup(void)
{
	guard_free(&g);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
