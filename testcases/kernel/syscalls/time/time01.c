// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The time system call (glibc answers from the vDSO, so it is made with
 * syscall()): it returns the seconds of CLOCK_REALTIME, the same value it
 * stores through its argument, lying between two vDSO time() reads taken
 * before and after it; NULL is allowed; an unmapped pointer is EFAULT.
 */
#include "time_event.h"

static void *bad_addr;

static void test_time(void)
{
	time_t before, after, stored = 0;
	long ret;

	before = time(NULL);
	TST_EXP_POSITIVE(syscall(__NR_time, &stored),
			 "syscall(__NR_time, &t)");
	ret = TST_RET;
	after = time(NULL);
	TST_EXP_EQ_LI(ret, stored);
	TST_EXP_EXPR(ret >= before && ret <= after,
		     "time %ld lies between vDSO reads %ld and %ld", ret,
		     (long)before, (long)after);

	before = time(NULL);
	TST_EXP_POSITIVE(syscall(__NR_time, NULL), "syscall(__NR_time, NULL)");
	after = time(NULL);
	TST_EXP_EXPR(TST_RET >= before && TST_RET <= after,
		     "time(NULL) %ld lies between vDSO reads %ld and %ld",
		     TST_RET, (long)before, (long)after);
}

static void test_efault(void)
{
	TST_EXP_FAIL(syscall(__NR_time, bad_addr), EFAULT,
		     "time(unmapped pointer)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_time();
	else
		test_efault();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
};
