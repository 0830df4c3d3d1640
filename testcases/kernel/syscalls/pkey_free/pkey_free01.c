// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pkey_free() (arch/x86/include/asm/pkeys.h mm_pkey_free()): EINVAL for a
 * key that is not allocated: negative, 16 and past (x86 has 16), and a
 * valid key nobody allocated (15 in a process that allocated none). With
 * protection keys ("ospke" in /proc/cpuinfo) a key from pkey_alloc() is
 * freed with 0, and freeing it again fails with EINVAL.
 */
#include "pkey_raw.h"

static void run(void)
{
	long k;

	TST_EXP_FAIL(pkey_free_raw(-1), EINVAL, "pkey_free(-1)");
	TST_EXP_FAIL(pkey_free_raw(PKEY_COUNT), EINVAL, "pkey_free(16)");
	TST_EXP_FAIL(pkey_free_raw(1000), EINVAL, "pkey_free(1000)");
	TST_EXP_FAIL(pkey_free_raw(PKEY_COUNT - 1), EINVAL,
		     "pkey_free(15), not allocated");

	if (!pkeys_enabled()) {
		TST_EXP_FAIL(pkey_free_raw(1), EINVAL,
			     "pkey_free(1) without protection keys");
		tst_res(TCONF, "no \"ospke\" in /proc/cpuinfo: the CPU has no "
			"PKU or the kernel did not enable it; freeing an "
			"allocated key not tested");
		return;
	}
	k = pkey_alloc_raw(0, 0);
	if (k < 0)
		tst_brk(TBROK | TERRNO, "pkey_alloc(0, 0)");
	TST_EXP_PASS(pkey_free_raw(k), "pkey_free(%ld), allocated", k);
	TST_EXP_FAIL(pkey_free_raw(k), EINVAL, "pkey_free(%ld) again", k);
}

static struct tst_test test = {
	.test_all = run,
};
