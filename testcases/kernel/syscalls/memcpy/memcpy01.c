// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memcpy() copies exactly n bytes and returns dst, for every length 0 to
 * 320 at every source and destination alignment 0..15 (the byte before
 * and the 16 bytes after the destination stay as they were), and touches
 * nothing outside the two buffers: with the source ending at a PROT_NONE
 * guard page (a read past its end faults), with the destination ending at
 * one (a write past its end faults), with either starting right after a
 * guard page (an access before the start faults), at each relative
 * misalignment 0..15 of the other buffer, and for the page-sized lengths
 * 4095, 4096, 4097 and 8192 the same way. The kernel side: the guard
 * pages fault with SEGV_ACCERR at the address touched.
 * Syscalls: mprotect
 */
#include <stdio.h>
#include <string.h>
#include "guard_page.h"

#define MAXLEN 320
#define CANARY 0x5a

/* Through a pointer, so the compiler calls the C library's memcpy. */
static void *(*volatile copy)(void *, const void *, size_t) = memcpy;

static struct guarded ga, gb;
static char what[128];

static void fill_src(char *s, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		s[i] = (char)(seed * 131 + i * 7 + 1);
}

/* dst holds the copy; [dst - before, dst) and [dst + n, dst + n + after) are CANARY */
static int check(const char *dst, const char *src, size_t n, size_t before,
		 size_t after)
{
	size_t i;

	if (memcmp(dst, src, n)) {
		for (i = 0; i < n && dst[i] == src[i]; i++)
			;
		tst_res(TFAIL, "%s: byte %zu is 0x%02x, not 0x%02x", what, i,
			(unsigned char)dst[i], (unsigned char)src[i]);
		return 0;
	}
	for (i = 1; i <= before; i++) {
		if (dst[-(long)i] != CANARY) {
			tst_res(TFAIL, "%s: wrote byte %zu before dst", what,
				i);
			return 0;
		}
	}
	for (i = 0; i < after; i++) {
		if (dst[n + i] != CANARY) {
			tst_res(TFAIL, "%s: wrote byte %zu after dst (dst[%zu])",
				what, i, n + i);
			return 0;
		}
	}
	return 1;
}

static int one(char *dst, const char *src, size_t n, size_t before,
	       size_t after)
{
	void *ret;

	memset(dst - before, CANARY, before + n + after);
	ret = copy(dst, src, n);
	if (ret != dst) {
		tst_res(TFAIL, "%s: returned %p, not dst %p", what, ret,
			(void *)dst);
		return 0;
	}
	return check(dst, src, n, before, after);
}

static void test_alignments(void)
{
	unsigned int a, b;
	size_t n, calls = 0;

	fill_src(ga.start, ga.size, 1);
	for (a = 0; a < 16; a++) {
		for (b = 0; b < 16; b++) {
			for (n = 0; n <= MAXLEN; n++, calls++) {
				snprintf(what, sizeof(what), "memcpy(dst align "
					 "%u, src align %u, %zu)", b, a, n);
				if (!one(gb.start + 64 + b, ga.start + 64 + a,
					 n, 1, 16))
					return;
			}
		}
	}
	tst_res(TPASS, "memcpy() at source and destination alignments "
		"0..15, lengths 0..%d: exact copies, returns dst, no byte "
		"around dst written (%zu calls)", MAXLEN, calls);
}

/*
 * The source and the destination each against a guard page: ending at the
 * upper one (at_end) or starting after the lower one, ds and dd bytes
 * away from it.
 */
static int at_guards(size_t n, size_t ds, size_t dd, int src_at_end,
		     int dst_at_end)
{
	char *src = guard_place(&ga, n, ds, src_at_end);
	char *dst = guard_place(&gb, n, dd, dst_at_end);
	size_t before, after;

	before = dst > gb.start ? 1 : 0;
	after = gb.end - (dst + n);
	if (after > 16)
		after = 16;
	snprintf(what, sizeof(what), "memcpy(dst %zu bytes %s a guard page, "
		 "src %zu bytes %s a guard page, %zu)", dd,
		 dst_at_end ? "before" : "after", ds,
		 src_at_end ? "before" : "after", n);
	fill_src(src, n, n + ds + dd);
	return one(dst, src, n, before, after);
}

static size_t calls;

static void test_guards(void)
{
	static const size_t big[] = { 4095, 4096, 4097, 8192 - 16 };
	unsigned int d, s, t, i;
	size_t n;

	calls = 0;
	if (GUARD_CAUGHT()) {
		guard_report(&ga, &gb, what, "touched");
		return;
	}
	for (s = 0; s < 2; s++) {
		for (t = 0; t < 2; t++) {
			for (d = 0; d < 16; d++) {
				for (n = 0; n <= MAXLEN; n++, calls += 2) {
					if (!at_guards(n, d, 0, s, t) ||
					    !at_guards(n, 0, d, s, t))
						goto out;
				}
				for (i = 0; i < ARRAY_SIZE(big); i++) {
					calls += 2;
					if (!at_guards(big[i], d, 0, s, t) ||
					    !at_guards(big[i], 0, d, s, t))
						goto out;
				}
			}
		}
	}
	tst_res(TPASS, "memcpy() with the source and the destination against "
		"guard pages (either end, one of them misaligned by 0..15), "
		"lengths 0..%d and 4095..8176: exact, nothing outside the "
		"buffers touched (%zu calls)", MAXLEN, calls);
out:
	guard_disarm();
}

static void run(void)
{
	if (!guard_selfcheck(&ga) || !guard_selfcheck(&gb))
		return;
	test_alignments();
	test_guards();
}

static void setup(void)
{
	guard_setup_pair(&ga, &gb, 2);
}

static void cleanup(void)
{
	guard_free_pair(&ga, &gb);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
