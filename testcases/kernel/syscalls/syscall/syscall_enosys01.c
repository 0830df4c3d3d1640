// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System call numbers with no call behind them fail with ENOSYS and do
 * nothing else, on the x86-64 SYSCALL entry (arch/x86/entry/common.c):
 * -1 (the number the entry code leaves -ENOSYS in place for), -2 and
 * INT_MIN (negative as the int the kernel takes the number as), numbers
 * past the end of the table (1024, 0x3fffffff just below the x32 bit,
 * INT_MAX) and every number in the hole the x86-64 table leaves between
 * rseq and pidfd_send_signal (kept so that the newer calls have the same
 * numbers on all architectures). Each call is made with six argument
 * registers holding a pointer to a buffer that must stay untouched.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include "tst_test.h"

static char buf[64];

static int check(long nr)
{
	char want[sizeof(buf)];
	long ret;

	memset(buf, 0x5a, sizeof(buf));
	memcpy(want, buf, sizeof(buf));
	errno = 0;
	ret = syscall(nr, buf, buf, buf, buf, buf, buf);
	if (ret == -1 && errno == ENOSYS && !memcmp(buf, want, sizeof(buf)))
		return 0;
	if (ret != -1)
		tst_res(TFAIL, "syscall(%ld) returned %ld, expected ENOSYS",
			nr, ret);
	else if (errno != ENOSYS)
		tst_res(TFAIL | TERRNO, "syscall(%ld) expected ENOSYS", nr);
	else
		tst_res(TFAIL, "syscall(%ld) failed with ENOSYS but wrote to "
			"the buffer it was given", nr);
	return 1;
}

static void run(void)
{
	static const long outside[] = {
		-1, -2, INT_MIN, 1024, 0x3fffffff, INT_MAX,
	};
	unsigned int i;
	long nr;
	int failed = 0, n = 0;

	for (i = 0; i < ARRAY_SIZE(outside); i++)
		failed += check(outside[i]);
	if (!failed)
		tst_res(TPASS, "-1, -2, INT_MIN, 1024, 0x3fffffff, INT_MAX: "
			"ENOSYS");

	failed = 0;
	for (nr = __NR_rseq + 1; nr < __NR_pidfd_send_signal; nr++, n++)
		failed += check(nr);
	if (!failed)
		tst_res(TPASS, "the %d unassigned numbers %d..%d: ENOSYS", n,
			__NR_rseq + 1, __NR_pidfd_send_signal - 1);

	TST_EXP_EQ_LI(syscall(__NR_getpid), getpid());
}

static struct tst_test test = {
	.test_all = run,
};
