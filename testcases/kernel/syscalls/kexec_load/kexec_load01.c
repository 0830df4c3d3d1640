// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kexec_load(2), raw, without ever loading (or unloading) an image: every
 * call fails before kexec_load touches the loaded image
 * (kernel/kexec.c kexec_load_check()):
 * - as root, more than KEXEC_SEGMENT_MAX (16) segments is EINVAL; a flag
 *   outside KEXEC_FLAGS is EINVAL; another architecture (KEXEC_ARCH_386)
 *   is EINVAL;
 * - as nobody (no CAP_SYS_BOOT) it is EPERM, checked first;
 * - with kernel.kexec_load_disabled = 1 (read, not changed) root gets
 *   EPERM too.
 */
#include <stdlib.h>
#include <linux/kexec.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "kexec_state.h"

static int disabled;

static long sys_kexec_load(unsigned long nr, unsigned long flags)
{
	return tst_syscall(__NR_kexec_load, 0UL, nr, NULL, flags);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_kexec_load(KEXEC_SEGMENT_MAX + 1, 0), EPERM,
		     "kexec_load(17 segments) as nobody");
	TST_EXP_FAIL(sys_kexec_load(1, 0x100), EPERM,
		     "kexec_load(flag 0x100) as nobody");
}

static void run(void)
{
	int err = disabled ? EPERM : EINVAL;

	TST_EXP_FAIL(sys_kexec_load(KEXEC_SEGMENT_MAX + 1, 0), err,
		     "kexec_load(%d segments)", KEXEC_SEGMENT_MAX + 1);
	TST_EXP_FAIL(sys_kexec_load(1, 0x100), err, "kexec_load(flag 0x100)");
	TST_EXP_FAIL(sys_kexec_load(1, KEXEC_ARCH_386), err,
		     "kexec_load(KEXEC_ARCH_386)");
	run_in_nobody_child(as_nobody, "the unprivileged checks");
}

static void setup(void)
{
	disabled = kexec_disabled();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
