// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pkey_alloc() (mm/mprotect.c, arch/x86/include/asm/pkeys.h):
 *
 * - EINVAL for flags other than 0 and for access rights other than
 *   PKEY_DISABLE_ACCESS and PKEY_DISABLE_WRITE, whatever the CPU.
 * - Without protection keys (no "ospke" in /proc/cpuinfo: the CPU lacks
 *   PKU, as QEMU's emulated CPUs may, or the kernel turned it off) there
 *   is no key to give: pkey_alloc(0, 0) fails (ENOSPC in 6.1 and 6.12,
 *   EINVAL in later kernels) and the rest is TCONF.
 * - With protection keys (in a child, so the test process keeps none):
 *   keys come lowest first from 1 up (0 is the default key), each a
 *   different one of the 16, until ENOSPC; a key freed is the next one
 *   given out.
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "pkey_raw.h"
#include "task_wait.h"

static void all_keys(void)
{
	int keys[PKEY_COUNT], n = 0, i, ok = 1;
	long k;

	while (n < PKEY_COUNT) {
		k = pkey_alloc_raw(0, n % 2 ? PKEY_DISABLE_WRITE : 0);
		if (k < 0)
			break;
		keys[n++] = k;
	}
	TST_EXP_EXPR(k == -1 && errno == ENOSPC && n > 0,
		     "%d keys, then ENOSPC (%s)", n,
		     k < 0 ? tst_strerrno(errno) : "no error");
	for (i = 0; i < n; i++)
		ok &= keys[i] >= 1 && keys[i] < PKEY_COUNT &&
		      (!i || keys[i] > keys[i - 1]);
	TST_EXP_EXPR(ok, "the keys are distinct, from 1 up, lowest first "
		     "(first %d, last %d)", n ? keys[0] : -1,
		     n ? keys[n - 1] : -1);
	if (n < 2)
		return;
	TST_EXP_PASS(pkey_free_raw(keys[1]), "pkey_free(%d)", keys[1]);
	TST_EXP_VAL(pkey_alloc_raw(0, PKEY_DISABLE_ACCESS), keys[1],
		    "pkey_alloc() after freeing key %d", keys[1]);
	for (i = 0; i < n; i++)
		pkey_free_raw(keys[i]);
}

static void run(void)
{
	pid_t pid;

	TST_EXP_FAIL(pkey_alloc_raw(1, 0), EINVAL, "pkey_alloc(flags 1)");
	TST_EXP_FAIL(pkey_alloc_raw(1UL << 40, 0), EINVAL,
		     "pkey_alloc(flags 1 << 40)");
	TST_EXP_FAIL(pkey_alloc_raw(0, 0x4), EINVAL,
		     "pkey_alloc(access rights 0x4)");
	TST_EXP_FAIL(pkey_alloc_raw(0, ~0UL), EINVAL,
		     "pkey_alloc(access rights ~0)");

	if (!pkeys_enabled()) {
		TEST(pkey_alloc_raw(0, 0));
		if (TST_RET >= 0)
			tst_res(TFAIL, "pkey_alloc(0, 0) gave key %ld without "
				"protection keys", TST_RET);
		else
			tst_res(TCONF, "no \"ospke\" in /proc/cpuinfo (the CPU "
				"has no PKU or the kernel did not enable it): "
				"pkey_alloc(0, 0) fails with %s; key allocation "
				"not tested", tst_strerrno(TST_ERR));
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		all_keys();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
