// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsm_set_self_attr() (Linux 6.8) errors, with their exact errno, in
 * the order security_setselfattr() (security/security.c) checks them:
 * - flags 1: EINVAL;
 * - size 0, 1 and sizeof(struct lsm_ctx) - 1: EINVAL;
 * - size a page + 1 (the limit is PAGE_SIZE): E2BIG;
 * - ctx NULL, or on an unmapped page: EFAULT;
 * - ctx->len larger than size: EINVAL; ctx->len smaller than the header
 *   and ctx_len: EINVAL; ctx_len so large that header + ctx_len
 *   overflows: EINVAL;
 * - a well formed ctx whose id is LSM_ID_UNDEF, or capability (active,
 *   without attributes): EOPNOTSUPP, no LSM takes it;
 * - a well formed ctx of an active LSM with attributes (selinux, smack,
 *   apparmor), copied from lsm_get_self_attr(), with attribute 999:
 *   EOPNOTSUPP from that LSM.
 * None of these can change the caller's context, and afterwards
 * lsm_get_self_attr() still gives the context it gave before.
 * TCONF on a kernel without the call (ENOSYS); the last check TCONF
 * without an active LSM with attributes.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "lsm_raw.h"

static struct lsm_ctx_hdr *ctx;
static void *bad;
static uint64_t orig[512];
static uint32_t orig_size;
static int nattr;

static void hdr(uint64_t id, uint64_t len, uint64_t ctx_len)
{
	memset(ctx, 0, 4096);
	ctx->id = id;
	ctx->len = len;
	ctx->ctx_len = ctx_len;
	memcpy(ctx->ctx, "x", 1);
}

static void run(void)
{
	const uint32_t hs = sizeof(*ctx);
	const uint32_t page = getpagesize();
	uint64_t now[512];
	uint32_t size;

	hdr(LSM_ID_UNDEF, hs + 8, 1);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs + 8, 1),
		     EINVAL, "flags 1");
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, 0, 0),
		     EINVAL, "size 0");
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, 1, 0),
		     EINVAL, "size 1");
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs - 1, 0),
		     EINVAL, "size %u (the header less one)", hs - 1);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, page + 1, 0),
		     E2BIG, "size %u (a page + 1)", page + 1);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, NULL, hs + 8, 0),
		     EFAULT, "ctx NULL");
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, bad, hs + 8, 0),
		     EFAULT, "ctx on an unmapped page");

	hdr(LSM_ID_APPARMOR, hs + 16, 1);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs + 8, 0),
		     EINVAL, "ctx->len %u > size %u", hs + 16, hs + 8);
	hdr(LSM_ID_APPARMOR, hs + 8, 9);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs + 8, 0),
		     EINVAL, "ctx->len %u < header + ctx_len 9", hs + 8);
	hdr(LSM_ID_APPARMOR, hs + 8, UINT64_MAX - 8);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs + 8, 0),
		     EINVAL, "ctx_len 2^64 - 9 (header + ctx_len overflows)");

	hdr(LSM_ID_UNDEF, hs + 8, 1);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs + 8, 0),
		     EOPNOTSUPP, "ctx->id LSM_ID_UNDEF");
	hdr(LSM_ID_CAPABILITY, hs + 8, 1);
	TST_EXP_FAIL(lsm_set_self_attr(LSM_ATTR_CURRENT, ctx, hs + 8, 0),
		     EOPNOTSUPP, "ctx->id capability");

	if (!nattr) {
		tst_res(TCONF, "no active LSM has attributes (selinux, smack, "
			"apparmor): attribute 999 not checked");
		return;
	}
	memset(ctx, 0, 4096);
	memcpy(ctx, orig, ((struct lsm_ctx_hdr *)orig)->len);
	TST_EXP_FAIL(lsm_set_self_attr(999, ctx, ctx->len, 0), EOPNOTSUPP,
		     "attribute 999, ctx of %s",
		     lsm_id_name(((struct lsm_ctx_hdr *)orig)->id));

	size = sizeof(now);
	memset(now, 0, sizeof(now));
	TST_EXP_EXPR(lsm_get_self_attr(LSM_ATTR_CURRENT, now, &size, 0) ==
		     nattr && size == orig_size && !memcmp(now, orig, size),
		     "LSM_ATTR_CURRENT is still what it was");
}

static void setup(void)
{
	lsm_need_syscalls();
	nattr = lsm_attr_lsms(NULL);
	tst_res(TINFO, "%d active LSMs with attributes", nattr);
	if (nattr) {
		orig_size = sizeof(orig);
		if (lsm_get_self_attr(LSM_ATTR_CURRENT, orig, &orig_size, 0) !=
		    nattr)
			tst_brk(TBROK | TERRNO, "lsm_get_self_attr()");
	}
	ctx = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bad = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
