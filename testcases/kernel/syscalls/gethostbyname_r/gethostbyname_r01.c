// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GHOST, CVE-2015-0235: gethostbyname_r() of a name made of digits (which
 * the C library converts itself, nss/digits_dots.c, without asking any
 * service) left the h_aliases pointer out of the size it checked, and
 * wrote up to a pointer's size past the caller's buffer (glibc
 * d5dd6189d506, "Fix parsing of numeric hosts in gethostbyname_r").
 * Here the buffer ends at a PROT_NONE guard page, so a write past it
 * faults: for a 1024-byte buffer and names of 1 to 1023 '0' digits, the
 * call returns ERANGE (for the name upstream's test uses, 1024 - 16 -
 * 2 * sizeof(char *) - 1 digits, and for every longer one), or 0 with a
 * hostent that is 0.0.0.0 under the name given, no alias, every pointer
 * inside the buffer; a name of up to 512 digits fits. The same for
 * "127.0.0.1" and every buffer size from 0 to 200 bytes, and it writes
 * nothing past any of them. The kernel side: the guard page faults with
 * SEGV_ACCERR at the address touched.
 * Syscalls: mprotect
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include "guard_page.h"

#define BUFLEN 1024

static struct guarded g;
static char name[BUFLEN + 1];
static char what[96];

static int inside(const void *p, size_t size, const char *buf, size_t len)
{
	const char *c = p;

	return c >= buf && c + size <= buf + len;
}

/* A hostent for addr under name, all of it inside buf. */
static int good_hostent(const struct hostent *h, const char *addr,
			const char *buf, size_t len)
{
	struct in_addr want;

	inet_aton(addr, &want);
	if (h->h_addrtype != AF_INET || h->h_length != 4) {
		tst_res(TFAIL, "%s: h_addrtype %d, h_length %d", what,
			h->h_addrtype, h->h_length);
		return 0;
	}
	if (!inside(h->h_name, strlen(name) + 1, buf, len) ||
	    strcmp(h->h_name, name) ||
	    !inside(h->h_aliases, sizeof(char *), buf, len) ||
	    h->h_aliases[0] ||
	    !inside(h->h_addr_list, 2 * sizeof(char *), buf, len) ||
	    !inside(h->h_addr_list[0], 4, buf, len) ||
	    h->h_addr_list[1] ||
	    memcmp(h->h_addr_list[0], &want, 4)) {
		tst_res(TFAIL, "%s: the hostent is not %s under the name "
			"given with no alias, inside the buffer", what, addr);
		return 0;
	}
	return 1;
}

/* -1: failed (reported), 0: ERANGE, 1: resolved */
static int lookup(size_t len, const char *addr)
{
	char *buf = g.end - len;
	struct hostent h, *res = NULL;
	int err = 0, ret;

	memset(buf, 0x5a, len);
	ret = gethostbyname_r(name, &h, buf, len, &res, &err);
	if (ret == ERANGE) {
		if (res) {
			tst_res(TFAIL, "%s: ERANGE but result %p", what,
				(void *)res);
			return -1;
		}
		return 0;
	}
	if (ret || res != &h) {
		tst_res(TFAIL, "%s: returned %d (%s), result %p (h_errno %d)",
			what, ret, tst_strerrno(ret), (void *)res, err);
		return -1;
	}
	return good_hostent(&h, addr, buf, len) ? 1 : -1;
}

static void test_ghost(void)
{
	size_t ghost = BUFLEN - 16 - 2 * sizeof(char *) - 1, n, fits = 0;
	int r;

	for (n = 1; n < BUFLEN; n++) {
		memset(name, '0', n);
		name[n] = 0;
		snprintf(what, sizeof(what), "gethostbyname_r(%zu digits, "
			 "%d-byte buffer)", n, BUFLEN);
		r = lookup(BUFLEN, "0.0.0.0");
		if (r < 0)
			return;
		if (r && n >= ghost) {
			tst_res(TFAIL, "%s resolved: the name and what the "
				"hostent needs cannot fit", what);
			return;
		}
		if (!r && n <= BUFLEN / 2) {
			tst_res(TFAIL, "%s: ERANGE, but it fits", what);
			return;
		}
		fits += r;
	}
	tst_res(TPASS, "gethostbyname_r() of 1..%d digits in a %d-byte buffer "
		"at a guard page: 0.0.0.0 for the %zu names that fit, ERANGE "
		"for the others (the GHOST length %zu included), nothing "
		"written past the buffer", BUFLEN - 1, BUFLEN, fits, ghost);
}

static void test_sizes(void)
{
	size_t len, first = 0;
	int r;

	strcpy(name, "127.0.0.1");
	for (len = 0; len <= 200; len++) {
		snprintf(what, sizeof(what), "gethostbyname_r(\"%s\", %zu-byte "
			 "buffer)", name, len);
		r = lookup(len, name);
		if (r < 0)
			return;
		if (!r && first) {
			tst_res(TFAIL, "%s: ERANGE, but %zu bytes were enough",
				what, first);
			return;
		}
		if (r && !first)
			first = len;
	}
	if (!first) {
		tst_res(TFAIL, "gethostbyname_r(\"%s\") did not fit in 200 bytes",
			name);
		return;
	}
	tst_res(TPASS, "gethostbyname_r(\"%s\") with buffers of 0..200 bytes "
		"at a guard page: ERANGE below %zu bytes, the address from "
		"there on, nothing written past the buffer", name, first);
}

static void run(void)
{
	if (!guard_selfcheck(&g))
		return;
	if (GUARD_CAUGHT()) {
		tst_res(TFAIL, "%s wrote %s (SIGSEGV at %p): GHOST, "
			"CVE-2015-0235", what,
			guard_where(&g, NULL, guard_fault_addr),
			guard_fault_addr);
		return;
	}
	test_ghost();
	test_sizes();
	guard_disarm();
}

static void setup(void)
{
	guard_install();
	g = guard_alloc(1);
}

static void cleanup(void)
{
	guard_free(&g);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		{"glibc-git", "d5dd6189d506"},
		{"CVE", "2015-0235"},
		{}
	},
};
