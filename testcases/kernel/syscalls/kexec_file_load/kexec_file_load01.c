// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kexec_file_load(2), raw, without ever loading (or unloading) an image
 * (kernel/kexec_file.c):
 * - as root, a flag outside KEXEC_FILE_FLAGS is EINVAL;
 * - as root, a kernel fd that is not open is EBADF (the image is read
 *   from it before anything is replaced);
 * - as nobody (no CAP_SYS_BOOT) it is EPERM, checked first;
 * - with kernel.kexec_load_disabled = 1 (read, not changed) root gets
 *   EPERM too.
 */
#include <stdlib.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "kexec_state.h"

static int disabled;

static long sys_kexec_file_load(int kfd, unsigned long flags)
{
	return tst_syscall(__NR_kexec_file_load, kfd, -1, 0UL, NULL, flags);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(sys_kexec_file_load(-1, 0), EPERM,
		     "kexec_file_load(bad fd) as nobody");
	TST_EXP_FAIL(sys_kexec_file_load(-1, 0x100), EPERM,
		     "kexec_file_load(flag 0x100) as nobody");
}

static void run(void)
{
	TST_EXP_FAIL(sys_kexec_file_load(-1, 0x100), disabled ? EPERM : EINVAL,
		     "kexec_file_load(flag 0x100)");
	TST_EXP_FAIL(sys_kexec_file_load(-1, 0), disabled ? EPERM : EBADF,
		     "kexec_file_load(kernel fd -1)");
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
