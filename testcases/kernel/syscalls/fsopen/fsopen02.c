// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsopen() errors, each with its exact errno (fs/fsopen.c):
 * - a filesystem type the kernel does not know: ENODEV;
 * - a flag other than FSOPEN_CLOEXEC: EINVAL;
 * - the name pointer outside the address space: EFAULT;
 * - a caller without CAP_SYS_ADMIN (uid 65534): EPERM, even for tmpfs.
 */
#include "tst_test.h"
#include "as_nobody.h"
#include "newmount_raw.h"

static void as_nobody(void)
{
	TST_EXP_FAIL(fsopen_raw("tmpfs", 0), EPERM,
		     "fsopen(\"tmpfs\") as uid 65534");
}

static void run(void)
{
	TST_EXP_FAIL(fsopen_raw("ltp_no_such_fs", 0), ENODEV,
		     "fsopen(\"ltp_no_such_fs\")");
	TST_EXP_FAIL(fsopen_raw("tmpfs", 0x2), EINVAL,
		     "fsopen(\"tmpfs\", 0x2)");
	TST_EXP_FAIL(fsopen_raw("tmpfs", 0x80000000), EINVAL,
		     "fsopen(\"tmpfs\", 0x80000000)");
	TST_EXP_FAIL(fsopen_raw((const char *)-1, 0), EFAULT,
		     "fsopen(bad pointer)");
	run_in_nobody_child(as_nobody, "EPERM checks");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
