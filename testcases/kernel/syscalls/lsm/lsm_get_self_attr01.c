// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsm_get_self_attr() (Linux 6.8) errors, with their exact errno
 * (security_getselfattr() of security/security.c and the LSMs' hooks):
 * - attr LSM_ATTR_UNDEF: EINVAL; size NULL: EINVAL; size on an unmapped
 *   page: EFAULT;
 * - flags 2 and LSM_FLAG_SINGLE | 2: EINVAL; LSM_FLAG_SINGLE with a NULL
 *   ctx, or with ctx->id LSM_ID_UNDEF: EINVAL; with ctx unmapped: EFAULT;
 * - LSM_FLAG_SINGLE naming capability, an active LSM without
 *   attributes: EOPNOTSUPP;
 * - an attribute no LSM has (999, and LSM_ATTR_CURRENT | LSM_ATTR_PREV,
 *   which is no attribute): EOPNOTSUPP.
 * Where an active LSM has LSM_ATTR_CURRENT (selinux, smack, apparmor):
 * - *size 1: E2BIG, *size set to the size needed (a whole struct
 *   lsm_ctx or more, a multiple of 8), the buffer left alone;
 * - ctx on an unmapped page or a read-only page: EFAULT.
 * TCONF on a kernel without the call (ENOSYS); the last checks TCONF
 * when no active LSM has attributes.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "lsm_raw.h"

static struct lsm_ctx_hdr *ctx;
static void *bad, *ro;
static int nattr;

static void run(void)
{
	uint32_t size = 4096;

	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_UNDEF, ctx, &size, 0),
		     EINVAL, "attr LSM_ATTR_UNDEF");
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, NULL, 0),
		     EINVAL, "size NULL");
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, bad, 0),
		     EFAULT, "size on an unmapped page");
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, &size, 2),
		     EINVAL, "flags 2");
	ctx->id = LSM_ID_APPARMOR;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, &size,
				       LSM_FLAG_SINGLE | 2),
		     EINVAL, "flags LSM_FLAG_SINGLE | 2");
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, NULL, &size,
				       LSM_FLAG_SINGLE),
		     EINVAL, "LSM_FLAG_SINGLE, ctx NULL");
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, bad, &size,
				       LSM_FLAG_SINGLE),
		     EFAULT, "LSM_FLAG_SINGLE, ctx on an unmapped page");
	memset(ctx, 0, 4096);
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, &size,
				       LSM_FLAG_SINGLE),
		     EINVAL, "LSM_FLAG_SINGLE, ctx->id LSM_ID_UNDEF");
	ctx->id = LSM_ID_CAPABILITY;
	size = 4096;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, &size,
				       LSM_FLAG_SINGLE),
		     EOPNOTSUPP, "LSM_FLAG_SINGLE, ctx->id capability");
	size = 4096;
	TST_EXP_FAIL(lsm_get_self_attr(999, ctx, &size, 0), EOPNOTSUPP,
		     "attr 999");
	size = 4096;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT | LSM_ATTR_PREV, ctx,
				       &size, 0),
		     EOPNOTSUPP, "attr LSM_ATTR_CURRENT | LSM_ATTR_PREV");

	if (!nattr) {
		tst_res(TCONF, "no active LSM has LSM_ATTR_CURRENT (selinux, "
			"smack, apparmor): E2BIG and EFAULT of ctx not "
			"checked");
		return;
	}
	memset(ctx, 0xa5, 4096);
	size = 1;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ctx, &size, 0),
		     E2BIG, "size 1");
	TST_EXP_EXPR(size >= nattr * (sizeof(*ctx) + 1) && !(size % 8),
		     "E2BIG set *size to %u: room for %d whole entries, a "
		     "multiple of 8", size, nattr);
	TST_EXP_EXPR(ctx->id == 0xa5a5a5a5a5a5a5a5ULL,
		     "E2BIG wrote nothing into ctx");
	size = 4096;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, bad, &size, 0),
		     EFAULT, "ctx on an unmapped page");
	size = 4096;
	TST_EXP_FAIL(lsm_get_self_attr(LSM_ATTR_CURRENT, ro, &size, 0),
		     EFAULT, "ctx on a read-only page");
}

static void setup(void)
{
	lsm_need_syscalls();
	nattr = lsm_attr_lsms(NULL);
	tst_res(TINFO, "%d active LSMs with attributes", nattr);
	ctx = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bad = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
	ro = SAFE_MMAP(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
