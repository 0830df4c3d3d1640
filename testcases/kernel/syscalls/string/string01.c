// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The string functions at the end of a page: for every string length 0
 * to 320, with the string's terminating NUL the last byte before a
 * PROT_NONE guard page (a read past it faults), and the other string or
 * the destination misaligned by 0..15 bytes from its own guard page:
 *  - strlen() is the length, strnlen() the lesser of it and maxlen, also
 *    on an unterminated buffer ending at the guard page;
 *  - strchr() finds the first c (converted to char: 'X' + 256 is 'X',
 *    -1 is 0xff), the terminator for '\0', NULL when absent; strrchr()
 *    the last; memchr() reads no further than n;
 *  - strcmp() and strncmp() give 0 for equal strings, the sign of the
 *    first differing byte as unsigned char (0x80 > 0x7f), positive for a
 *    string against its own prefix, stop at the NUL whatever n is, and
 *    strncmp() reads no further than n of unterminated buffers;
 *  - strcpy() and stpcpy() copy the string and its NUL and nothing more,
 *    returning dst and dst + len; strncpy() writes exactly n bytes, NUL
 *    padded, no terminator when n <= len; strcat() and strncat() append
 *    (strncat() at most n bytes, then a NUL, reading no further than n
 *    of an unterminated source);
 * and the same for a 96 KiB string (upstream's long string). The kernel
 * side: the guard pages fault with SEGV_ACCERR at the address read.
 * Syscalls: mprotect
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "guard_page.h"

#define MAXLEN 320
#define LONGLEN (96 * 1024 - 1)
#define CANARY 0x5a

/* Through pointers, so the compiler calls the C library. */
static size_t (*volatile f_strlen)(const char *) = strlen;
static size_t (*volatile f_strnlen)(const char *, size_t) = strnlen;
static char *(*volatile f_strchr)(const char *, int) = strchr;
static char *(*volatile f_strrchr)(const char *, int) = strrchr;
static void *(*volatile f_memchr)(const void *, int, size_t) = memchr;
static int (*volatile f_strcmp)(const char *, const char *) = strcmp;
static int (*volatile f_strncmp)(const char *, const char *, size_t) = strncmp;
static char *(*volatile f_strcpy)(char *, const char *) = strcpy;
static char *(*volatile f_stpcpy)(char *, const char *) = stpcpy;
static char *(*volatile f_strncpy)(char *, const char *, size_t) = strncpy;
static char *(*volatile f_strcat)(char *, const char *) = strcat;
static char *(*volatile f_strncat)(char *, const char *, size_t) = strncat;

static struct guarded ga, gb;
static char what[160];
static size_t calls;

#define FAIL_IF(cond, ...) do { \
	calls++; \
	if (cond) { \
		tst_res(TFAIL, __VA_ARGS__); \
		return 0; \
	} \
} while (0)

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/* n bytes from 'a'..'w', never 'X', 'Y', 0xff or NUL */
static void fill(char *s, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		s[i] = 'a' + (i + seed) % 23;
}

/* A string of len bytes whose NUL is the last byte before ga's guard */
static char *str_at_end(size_t len, unsigned int seed)
{
	char *s = ga.end - len - 1;

	fill(s, len, seed);
	s[len] = 0;
	return s;
}

static int test_len(size_t len)
{
	char *s = str_at_end(len, 0);
	char *u = ga.end - len;
	size_t r;

	snprintf(what, sizeof(what), "string of %zu bytes at a page end", len);
	r = f_strlen(s);
	FAIL_IF(r != len, "strlen(%s) = %zu", what, r);
	r = f_strnlen(s, len + 1000);
	FAIL_IF(r != len, "strnlen(%s, len + 1000) = %zu", what, r);
	r = f_strnlen(s, SIZE_MAX);
	FAIL_IF(r != len, "strnlen(%s, SIZE_MAX) = %zu", what, r);
	r = f_strnlen(s, len / 2);
	FAIL_IF(r != len / 2, "strnlen(%s, %zu) = %zu", what, len / 2, r);
	fill(u, len, 1);
	r = f_strnlen(u, len);
	FAIL_IF(r != len, "strnlen(%zu unterminated bytes at a page end, %zu)"
		" = %zu", len, len, r);
	return 1;
}

static int test_chr(size_t len)
{
	char *s = str_at_end(len, 2), *u = ga.end - len, *r;
	size_t pos[3] = { 0, len / 2, len - 1 };
	unsigned int k;

	snprintf(what, sizeof(what), "string of %zu bytes at a page end", len);
	r = f_strchr(s, 'Y');
	FAIL_IF(r, "strchr(%s, 'Y') = s + %td, expected NULL", what, r - s);
	r = f_strrchr(s, 'Y');
	FAIL_IF(r, "strrchr(%s, 'Y') = s + %td, expected NULL", what, r - s);
	r = f_strchr(s, 0);
	FAIL_IF(r != s + len, "strchr(%s, '\\0') = %p, expected s + %zu", what,
		(void *)r, len);
	r = f_strrchr(s, 0);
	FAIL_IF(r != s + len, "strrchr(%s, '\\0') = %p, expected s + %zu",
		what, (void *)r, len);
	for (k = 0; len && k < ARRAY_SIZE(pos); k++) {
		s[pos[k]] = 'X';
		r = f_strchr(s, 'X');
		FAIL_IF(r != s + pos[k], "strchr(%s, 'X') = %p, expected s + "
			"%zu", what, (void *)r, pos[k]);
		r = f_strchr(s, 'X' + 256);
		FAIL_IF(r != s + pos[k], "strchr(%s, 'X' + 256) = %p, expected "
			"s + %zu", what, (void *)r, pos[k]);
		r = f_strrchr(s, 'X');
		FAIL_IF(r != s + pos[k], "strrchr(%s, 'X') with one 'X' = %p, "
			"expected s + %zu", what, (void *)r, pos[k]);
		s[len - 1] = 'X';
		r = f_strrchr(s, 'X');
		FAIL_IF(r != s + len - 1, "strrchr(%s, 'X') = %p, expected s "
			"+ %zu", what, (void *)r, len - 1);
		r = f_strchr(s, 'X');
		FAIL_IF(r != s + pos[k], "strchr(%s, 'X') with two 'X' = %p, "
			"expected s + %zu", what, (void *)r, pos[k]);
		fill(s, len, 2);
		s[pos[k]] = (char)0xff;
		r = f_strchr(s, -1);
		FAIL_IF(r != s + pos[k], "strchr(%s, -1) = %p, expected the 0xff "
			"at s + %zu", what, (void *)r, pos[k]);
		r = f_strchr(s, 0xff);
		FAIL_IF(r != s + pos[k], "strchr(%s, 0xff) = %p, expected s + "
			"%zu", what, (void *)r, pos[k]);
		fill(s, len, 2);
	}
	fill(u, len, 3);
	r = f_memchr(u, 'Y', len);
	FAIL_IF(r, "memchr(%zu bytes at a page end, 'Y') = u + %td, expected "
		"NULL", len, r - u);
	if (len) {
		u[len - 1] = 'X';
		r = f_memchr(u, 'X', len);
		FAIL_IF(r != u + len - 1, "memchr(%zu bytes at a page end, 'X')"
			" = %p, expected its last byte", len, (void *)r);
	}
	return 1;
}

/* s at ga's page end, t d bytes before gb's guard page: both orders */
static int test_cmp(size_t len, size_t d)
{
	char *s = str_at_end(len, 4), *t = gb.end - len - 1 - d;
	size_t pos[3] = { 0, len / 2, len - 1 };
	unsigned int k;
	char o;
	int r;

	snprintf(what, sizeof(what), "%zu-byte strings, one at a page end, "
		 "one %zu bytes before one", len, d);
	memcpy(t, s, len + 1);
	r = f_strcmp(s, t);
	FAIL_IF(r, "strcmp(%s) = %d for equal strings", what, r);
	r = f_strcmp(t, s);
	FAIL_IF(r, "strcmp(%s, swapped) = %d for equal strings", what, r);
	r = f_strncmp(s, t, len + 100);
	FAIL_IF(r, "strncmp(%s, len + 100) = %d for equal strings", what, r);
	r = f_strncmp(t, s, SIZE_MAX);
	FAIL_IF(r, "strncmp(%s, SIZE_MAX) = %d for equal strings", what, r);
	for (k = 0; len && k < ARRAY_SIZE(pos); k++) {
		o = s[pos[k]];
		s[pos[k]] = (char)0x80;
		t[pos[k]] = 0x7f;
		r = sign(f_strcmp(s, t));
		FAIL_IF(r != 1, "strcmp(%s, 0x80 vs 0x7f at %zu): sign %d", what,
			pos[k], r);
		r = sign(f_strcmp(t, s));
		FAIL_IF(r != -1, "strcmp(%s, 0x7f vs 0x80 at %zu): sign %d",
			what, pos[k], r);
		r = sign(f_strncmp(s, t, len + 7));
		FAIL_IF(r != 1, "strncmp(%s, 0x80 vs 0x7f at %zu): sign %d",
			what, pos[k], r);
		r = f_strncmp(s, t, pos[k]);
		FAIL_IF(r, "strncmp(%s, n = %zu, the first difference): %d",
			what, pos[k], r);
		s[pos[k]] = t[pos[k]] = o;
	}
	if (len) {
		/* t becomes s's prefix of len - 1 bytes, against its guard */
		t = gb.end - len;
		memcpy(t, s, len - 1);
		t[len - 1] = 0;
		r = sign(f_strcmp(s, t));
		FAIL_IF(r != 1, "strcmp(%s, its prefix): sign %d", what, r);
		r = sign(f_strncmp(t, s, len + 3));
		FAIL_IF(r != -1, "strncmp(prefix, %s): sign %d", what, r);
		/* unterminated: len bytes each, ending at the guard pages */
		fill(ga.end - len, len, 9);
		fill(gb.end - len, len, 9);
		r = f_strncmp(ga.end - len, gb.end - len, len);
		FAIL_IF(r, "strncmp(%zu unterminated equal bytes at two page "
			"ends, %zu) = %d", len, len, r);
	}
	return 1;
}

/* dst[0..n) equals want, the byte before and d bytes after are CANARY */
static int dst_is(const char *dst, const char *want, size_t n, size_t d,
		  const char *call)
{
	size_t i;

	for (i = 0; i < n && dst[i] == want[i]; i++)
		;
	FAIL_IF(i < n, "%s(%s): dst[%zu] is 0x%02x, expected 0x%02x", call,
		what, i, (unsigned char)dst[i], (unsigned char)want[i]);
	FAIL_IF(dst[-1] != CANARY, "%s(%s) wrote the byte before dst", call,
		what);
	for (i = 0; i < d; i++)
		FAIL_IF(dst[n + i] != CANARY, "%s(%s) wrote dst[%zu], past "
			"what it had to write", call, what, n + i);
	return 1;
}

/* dst: n bytes ending d bytes before gb's guard page, CANARY around */
static char *dst_for(size_t n, size_t d)
{
	char *dst = gb.end - n - d;

	memset(dst - 1, CANARY, n + d + 1);
	return dst;
}

static int test_cpy(size_t len, size_t d)
{
	char *s = str_at_end(len, 5), *dst, *r;
	char want[MAXLEN + 64];
	size_t ns[5] = { 0, len / 2, len, len + 1, len + 17 };
	unsigned int k;

	snprintf(what, sizeof(what), "string of %zu bytes at a page end, dst "
		 "%zu bytes before one", len, d);
	dst = dst_for(len + 1, d);
	r = f_strcpy(dst, s);
	FAIL_IF(r != dst, "strcpy(%s) returned %p, not dst", what, (void *)r);
	if (!dst_is(dst, s, len + 1, d, "strcpy"))
		return 0;
	dst = dst_for(len + 1, d);
	r = f_stpcpy(dst, s);
	FAIL_IF(r != dst + len, "stpcpy(%s) returned %p, not dst + %zu", what,
		(void *)r, len);
	if (!dst_is(dst, s, len + 1, d, "stpcpy"))
		return 0;
	for (k = 0; k < ARRAY_SIZE(ns); k++) {
		memset(want, 0, sizeof(want));
		memcpy(want, s, ns[k] < len ? ns[k] : len);
		dst = dst_for(ns[k], d);
		r = f_strncpy(dst, s, ns[k]);
		FAIL_IF(r != dst, "strncpy(%s, %zu) returned %p, not dst", what,
			ns[k], (void *)r);
		if (!dst_is(dst, want, ns[k], d, "strncpy"))
			return 0;
	}
	return 1;
}

static int test_cat(size_t len, size_t d)
{
	static const char pre[] = "prefix:";
	size_t m = sizeof(pre) - 1, ns[4] = { 0, len / 2, len, len + 5 };
	char *s = str_at_end(len, 6), *dst, *r, *u;
	char want[MAXLEN + 64];
	unsigned int k;
	size_t take;

	snprintf(what, sizeof(what), "\"%s\" + string of %zu bytes at a page "
		 "end, dst %zu bytes before one", pre, len, d);
	memcpy(want, pre, m);
	memcpy(want + m, s, len + 1);
	dst = dst_for(m + len + 1, d);
	memcpy(dst, pre, m + 1);
	r = f_strcat(dst, s);
	FAIL_IF(r != dst, "strcat(%s) returned %p, not dst", what, (void *)r);
	if (!dst_is(dst, want, m + len + 1, d, "strcat"))
		return 0;
	for (k = 0; k < ARRAY_SIZE(ns); k++) {
		take = ns[k] < len ? ns[k] : len;
		memcpy(want + m, s, take);
		want[m + take] = 0;
		dst = dst_for(m + take + 1, d);
		memcpy(dst, pre, m + 1);
		r = f_strncat(dst, s, ns[k]);
		FAIL_IF(r != dst, "strncat(%s, %zu) returned %p, not dst", what,
			ns[k], (void *)r);
		if (!dst_is(dst, want, m + take + 1, d, "strncat"))
			return 0;
	}
	/* an unterminated source of len bytes ending at the guard page */
	u = ga.end - len;
	fill(u, len, 7);
	memcpy(want + m, u, len);
	want[m + len] = 0;
	dst = dst_for(m + len + 1, d);
	memcpy(dst, pre, m + 1);
	r = f_strncat(dst, u, len);
	FAIL_IF(r != dst, "strncat(unterminated source, %zu) returned %p", len,
		(void *)r);
	return dst_is(dst, want, m + len + 1, d, "strncat of an unterminated "
		      "source");
}

static int test_long(void)
{
	char *s = ga.end - LONGLEN - 1, *dst = gb.end - LONGLEN - 1, *r;
	size_t n;

	snprintf(what, sizeof(what), "a %d-byte string at a page end",
		 LONGLEN);
	fill(s, LONGLEN, 8);
	s[LONGLEN] = 0;
	n = f_strlen(s);
	FAIL_IF(n != LONGLEN, "strlen(%s) = %zu", what, n);
	r = f_strchr(s, 'Y');
	FAIL_IF(r, "strchr(%s, 'Y') found s + %td", what, r - s);
	for (n = LONGLEN - 1; s[n] != s[0]; n--)
		;
	r = f_strrchr(s, s[0]);
	FAIL_IF(r != s + n, "strrchr(%s, its first char) = %p, expected s + "
		"%zu", what, (void *)r, n);
	memset(dst - 1, CANARY, 1);
	r = f_strcpy(dst, s);
	FAIL_IF(r != dst || memcmp(dst, s, LONGLEN + 1) || dst[-1] != CANARY,
		"strcpy(%s) to a buffer at a page end: wrong copy", what);
	FAIL_IF(f_strcmp(s, dst), "strcmp(%s, its copy) != 0", what);
	dst[LONGLEN / 2] = 'z';
	FAIL_IF(f_strcmp(s, dst) >= 0, "strcmp(%s, copy with a greater 'z' in "
		"the middle) >= 0", what);
	return 1;
}

static void run(void)
{
	size_t len, d;

	if (!guard_selfcheck(&ga) || !guard_selfcheck(&gb))
		return;
	calls = 0;
	if (GUARD_CAUGHT()) {
		tst_res(TFAIL, "%s: a string function read or wrote %s "
			"(SIGSEGV at %p)", what,
			guard_where(&ga, &gb, guard_fault_addr),
			guard_fault_addr);
		return;
	}
	for (len = 0; len <= MAXLEN; len++) {
		if (!test_len(len) || !test_chr(len))
			goto out;
		for (d = 0; d < 16; d++) {
			if (!test_cmp(len, d) || !test_cpy(len, d) ||
			    !test_cat(len, d))
				goto out;
		}
	}
	if (!test_long())
		goto out;
	tst_res(TPASS, "strlen, strnlen, strchr, strrchr, memchr, strcmp, "
		"strncmp, strcpy, stpcpy, strncpy, strcat, strncat: right "
		"results for strings of 0..%d bytes ending at a guard page "
		"and of %d bytes, nothing outside the buffers touched (%zu "
		"checks)", MAXLEN, LONGLEN, calls);
out:
	guard_disarm();
}

static void setup(void)
{
	size_t pages = (LONGLEN + 1 + getpagesize() - 1) / getpagesize() + 1;

	guard_setup_pair(&ga, &gb, pages);
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
