// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsm_get_self_attr(LSM_ATTR_CURRENT) (Linux 6.8) size protocol: with a
 * NULL ctx it writes nothing and tells the size needed.
 * - NULL ctx, *size a page: returns the number of active LSMs with
 *   attributes (selinux, smack, apparmor) and sets *size to S, the size
 *   of their entries (each a struct lsm_ctx and its context, padded to
 *   8 bytes);
 * - NULL ctx, *size 0: E2BIG, *size set to S as well;
 * - a buffer of exactly S bytes ending at a page with no access behind
 *   it: succeeds with the same count, *size stays S, the entries' len
 *   fields add up to S: the kernel writes nothing past what it said;
 * - *size S - 1: E2BIG, *size set to S, the buffer left alone;
 * - LSM_FLAG_SINGLE with ctx->id naming each of those LSMs: returns 1,
 *   that LSM's entry alone, and *size set to that entry's len.
 * With no active LSM with attributes, NULL ctx is EOPNOTSUPP (the
 * default of the getselfattr hook) and the rest is TCONF.
 * TCONF on a kernel without the call (ENOSYS).
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "lsm_raw.h"

static uint64_t attr_ids[LSM_MAX_IDS];
static int nattr;
static char *pages;

static void single(uint64_t id)
{
	struct lsm_ctx_hdr *c = (void *)pages;
	uint32_t size = 4096;

	memset(c, 0, 4096);
	c->id = id;
	TST_EXP_VAL(lsm_get_self_attr(LSM_ATTR_CURRENT, c, &size,
				      LSM_FLAG_SINGLE), 1,
		    "LSM_FLAG_SINGLE for %s", lsm_id_name(id));
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(c->id == id && c->len == size,
		     "the one entry is %s's (id %llu), *size %u its len %llu",
		     lsm_id_name(id), (unsigned long long)c->id, size,
		     (unsigned long long)c->len);
}

static void run(void)
{
	struct lsm_ctx_hdr *c;
	uint32_t size = 4096, s, sum, off;
	char *buf;
	int i;

	if (!nattr) {
		TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, NULL, &size,
					       0),
			     EOPNOTSUPP, "NULL ctx, no LSM with attributes");
		tst_res(TCONF, "no active LSM has LSM_ATTR_CURRENT (selinux, "
			"smack, apparmor)");
		return;
	}

	TST_EXP_VAL(lsm_get_self_attr(LSM_ATTR_CURRENT, NULL, &size, 0),
		    nattr, "NULL ctx, *size 4096");
	s = size;
	TST_EXP_EXPR(s < 4096 && s >= nattr * (sizeof(*c) + 1) && !(s % 8),
		     "*size set to %u: %d entries, a multiple of 8", s, nattr);
	if (!TST_PASS || s >= 4096)
		return;
	size = 0;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, NULL, &size, 0),
		     E2BIG, "NULL ctx, *size 0");
	TST_EXP_EQ_LU(size, s);

	/* exactly s bytes before the PROT_NONE page */
	buf = pages + 4096 - s;
	memset(pages, 0, 4096);
	size = s;
	TST_EXP_VAL(lsm_get_self_attr(LSM_ATTR_CURRENT, buf, &size, 0),
		    nattr, "a buffer of exactly %u bytes", s);
	TST_EXP_EQ_LU(size, s);
	sum = 0;
	for (i = 0, off = 0; i < nattr && off + sizeof(*c) <= s; i++) {
		c = (void *)(buf + off);
		if (!c->len)
			break;
		off += c->len;
		sum += c->len;
	}
	TST_EXP_EXPR(i == nattr && sum == s,
		     "%d entries whose len add up to %u (%u)", i, s, sum);

	memset(pages, 0xa5, 4096);
	size = s - 1;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, buf + 1, &size, 0),
		     E2BIG, "*size %u, one byte short", s - 1);
	TST_EXP_EQ_LU(size, s);
	for (off = 0; off < s - 1 && (unsigned char)buf[1 + off] == 0xa5;
	     off++)
		;
	TST_EXP_EXPR(off == s - 1, "E2BIG wrote nothing");

	for (i = 0; i < nattr; i++)
		single(attr_ids[i]);
}

static void setup(void)
{
	lsm_need_syscalls();
	nattr = lsm_attr_lsms(attr_ids);
	tst_res(TINFO, "%d active LSMs with attributes", nattr);
	pages = SAFE_MMAP(NULL, 8192, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(pages + 4096, 4096, PROT_NONE);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
