// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memcmp() is 0 for equal buffers and otherwise has the sign of the first
 * differing byte compared as unsigned char (0x80 > 0x7f), whatever later
 * bytes say, and ignores what lies past n: for every length 0 to 320 at
 * every alignment 0..15 of each buffer; and it reads nothing outside the
 * two buffers: with them ending at PROT_NONE guard pages (a read past the
 * end faults) or starting right after one, at relative misalignments
 * 0..15, with the first difference at each of the first and last 16
 * positions and in the middle, for lengths 0..320 and 4095..8192. The
 * kernel side: the guard pages fault with SEGV_ACCERR at the address
 * read.
 * Syscalls: mprotect
 */
#include <stdio.h>
#include <string.h>
#include "guard_page.h"

#define MAXLEN 320

/* Through a pointer, so the compiler calls the C library's memcmp. */
static int (*volatile cmp)(const void *, const void *, size_t) = memcmp;

static struct guarded ga, gb;
static char what[160];
static size_t calls;

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void fill(char *s1, char *s2, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		s1[i] = s2[i] = (char)(i * 13 + n);
}

static int expect(const char *s1, const char *s2, size_t n, int want,
		  const char *how)
{
	int got = sign(cmp(s1, s2, n));

	calls++;
	if (got == want)
		return 1;
	tst_res(TFAIL, "%s, %s: sign %d, expected %d", what, how, got, want);
	return 0;
}

/*
 * s1 and s2 hold the same n bytes: a difference at i decides the sign
 * (unsigned bytes), a later opposite difference does not, and a compare
 * of the first i bytes is 0. Leaves the buffers equal again.
 */
static int diff_at(char *s1, char *s2, size_t n, size_t i)
{
	char o1 = s1[i], o2 = s2[i], l1 = s1[n - 1], l2 = s2[n - 1];
	int ok;

	s1[i] = (char)0x80;
	s2[i] = 0x7f;
	ok = expect(s1, s2, n, 1, "0x80 vs 0x7f") &&
	     expect(s2, s1, n, -1, "0x7f vs 0x80") &&
	     expect(s1, s2, i, 0, "n up to the difference");
	if (ok && i + 1 < n) {
		s1[n - 1] = 0;
		s2[n - 1] = (char)0xff;
		ok = expect(s1, s2, n, 1, "a later byte differs the other way");
		s1[n - 1] = l1;
		s2[n - 1] = l2;
	}
	s1[i] = o1;
	s2[i] = o2;
	return ok;
}

static void test_alignments(void)
{
	unsigned int a, b;
	size_t n;
	char *s1, *s2;

	calls = 0;
	for (a = 0; a < 16; a++) {
		for (b = 0; b < 16; b++) {
			for (n = 0; n <= MAXLEN; n++) {
				s1 = ga.start + 64 + a;
				s2 = gb.start + 64 + b;
				snprintf(what, sizeof(what), "memcmp(align %u, "
					 "align %u, %zu)", a, b, n);
				fill(s1, s2, n + 16);
				s2[n] = ~s1[n];
				if (!expect(s1, s2, n, 0, "equal"))
					return;
				if (n && (!diff_at(s1, s2, n, 0) ||
					  !diff_at(s1, s2, n, n / 2) ||
					  !diff_at(s1, s2, n, n - 1)))
					return;
			}
		}
	}
	tst_res(TPASS, "memcmp() at alignments 0..15 of both buffers, lengths "
		"0..%d: 0 when equal, the sign of the first differing unsigned "
		"byte otherwise, bytes past n ignored (%zu calls)", MAXLEN,
		calls);
}

/* Both buffers against guard pages, d1 and d2 bytes away from them. */
static int at_guards(size_t n, size_t d1, size_t d2, int at_end)
{
	char *s1 = guard_place(&ga, n, d1, at_end);
	char *s2 = guard_place(&gb, n, d2, at_end);
	size_t i;

	snprintf(what, sizeof(what), "memcmp(s1 %zu bytes %s a guard page, "
		 "s2 %zu bytes %s a guard page, %zu)", d1,
		 at_end ? "before" : "after", d2, at_end ? "before" : "after",
		 n);
	fill(s1, s2, n);
	if (!expect(s1, s2, n, 0, "equal"))
		return 0;
	for (i = 0; i < n; i++) {
		if (i == 16 && n > 48) {
			if (!diff_at(s1, s2, n, n / 2))
				return 0;
			i = n - 16;
		}
		if (!diff_at(s1, s2, n, i))
			return 0;
	}
	return 1;
}

static void test_guards(void)
{
	static const size_t big[] = { 4095, 4096, 4097, 8192 - 16 };
	unsigned int d, i;
	size_t n;
	int e;

	calls = 0;
	if (GUARD_CAUGHT()) {
		guard_report(&ga, &gb, what, "read");
		return;
	}
	for (e = 0; e < 2; e++) {
		for (d = 0; d < 16; d++) {
			for (n = 0; n <= MAXLEN; n++)
				if (!at_guards(n, d, 0, e) ||
				    !at_guards(n, 0, d, e))
					goto out;
			for (i = 0; i < ARRAY_SIZE(big); i++)
				if (!at_guards(big[i], d, 0, e) ||
				    !at_guards(big[i], 0, d, e))
					goto out;
		}
	}
	tst_res(TPASS, "memcmp() with both buffers ending at or starting after "
		"guard pages, misaligned 0..15 to each other, lengths 0..%d "
		"and 4095..8176, differences at the first and last 16 bytes: "
		"right sign, no byte outside the buffers read (%zu calls)",
		MAXLEN, calls);
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
