// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsm_list_modules() (Linux 6.8) errors and size protocol, with their
 * exact errno (security/lsm_syscalls.c): flags are checked first, then
 * *size is read, then the needed size is written to *size, then the ids:
 * - flags 1: EINVAL, even with a NULL size pointer (checked first);
 * - size NULL or on an unmapped page: EFAULT;
 * - *size 0, and one id short (N * 8 - 1): E2BIG, and *size is set to
 *   N * 8 (N: the active LSMs); the id buffer is left alone;
 * - ids NULL with a large enough *size: EFAULT, *size set to N * 8;
 * - ids on a read-only page: EFAULT;
 * - *size exactly N * 8: returns N, the N ids written and not one more
 *   (a sentinel after them survives); a larger *size is cut to N * 8.
 * TCONF on a kernel without the call (ENOSYS).
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "lsm_raw.h"

#define SENTINEL 0x5a5a5a5a5a5a5a5aULL

static uint32_t nids;
static void *bad, *ro;

static void run(void)
{
	uint64_t ids[LSM_MAX_IDS + 1];
	uint32_t size;
	unsigned int i;
	int kept = 1;

	size = sizeof(ids);
	TST_EXP_FAIL(lsm_list_modules(ids, &size, 1), EINVAL, "flags 1");
	TST_EXP_FAIL(lsm_list_modules(ids, NULL, 1), EINVAL,
		     "flags 1 and size NULL (flags come first)");
	TST_EXP_FAIL(lsm_list_modules(ids, NULL, 0), EFAULT, "size NULL");
	TST_EXP_FAIL(lsm_list_modules(ids, bad, 0), EFAULT,
		     "size on an unmapped page");

	for (i = 0; i <= LSM_MAX_IDS; i++)
		ids[i] = SENTINEL;
	size = 0;
	TST_EXP_FAIL(lsm_list_modules(ids, &size, 0), E2BIG, "size 0");
	TST_EXP_EQ_LU(size, nids * 8);
	size = nids * 8 - 1;
	TST_EXP_FAIL(lsm_list_modules(ids, &size, 0), E2BIG,
		     "size one byte short (%u)", nids * 8 - 1);
	TST_EXP_EQ_LU(size, nids * 8);
	TST_EXP_EXPR(ids[0] == SENTINEL, "E2BIG wrote no id");

	size = sizeof(ids);
	TST_EXP_FAIL(lsm_list_modules(NULL, &size, 0), EFAULT, "ids NULL");
	TST_EXP_EQ_LU(size, nids * 8);
	size = sizeof(ids);
	TST_EXP_FAIL(lsm_list_modules(ro, &size, 0), EFAULT,
		     "ids on a read-only page");

	size = nids * 8;
	TST_EXP_VAL(lsm_list_modules(ids, &size, 0), nids,
		    "size exactly %u", nids * 8);
	TST_EXP_EQ_LU(size, nids * 8);
	for (i = 0; i < nids; i++) {
		if (ids[i] == SENTINEL || ids[i] == LSM_ID_UNDEF)
			kept = 0;
	}
	TST_EXP_EXPR(kept && ids[nids] == SENTINEL,
		     "%u ids written, the one after them untouched", nids);

	size = sizeof(ids);
	TST_EXP_VAL(lsm_list_modules(ids, &size, 0), nids,
		    "size %zu", sizeof(ids));
	TST_EXP_EQ_LU(size, nids * 8);
}

static void setup(void)
{
	uint64_t ids[LSM_MAX_IDS];
	uint32_t size = sizeof(ids);
	long n;

	lsm_need_syscalls();
	n = lsm_list_modules(ids, &size, 0);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "lsm_list_modules()");
	if (n < 1)
		tst_brk(TBROK, "lsm_list_modules() found no LSM: capability "
			"is always there");
	nids = n;
	tst_res(TINFO, "%u active LSMs", nids);
	bad = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
	ro = SAFE_MMAP(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
