// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The gettimeofday system call (glibc answers from the vDSO, so it is
 * made with syscall()): the time it returns lies between two vDSO reads
 * taken before and after it (microseconds, tolerant of time passing but
 * not of a clock that runs behind or ahead), successive calls never go
 * back, the timezone it returns is the one the vDSO returns, NULL for
 * either argument is allowed, and an unmapped tv or tz is EFAULT.
 */
#include <sys/time.h>
#include "time_event.h"

static void *bad_addr;

static long sys_gettimeofday(struct timeval *tv, struct timezone *tz)
{
	return syscall(__NR_gettimeofday, tv, tz);
}

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static void test_time(void)
{
	struct timeval before, raw, after, prev;
	struct timezone tz_raw, tz_vdso;
	long long slack = 1000;
	int i, back = 0;

	gettimeofday(&before, NULL);
	TST_EXP_PASS(sys_gettimeofday(&raw, &tz_raw),
		     "syscall(__NR_gettimeofday, &tv, &tz)");
	gettimeofday(&after, &tz_vdso);
	TST_EXP_EXPR(raw.tv_usec >= 0 && raw.tv_usec < 1000000,
		     "tv_usec %ld in [0, 1000000)", (long)raw.tv_usec);
	/* The vDSO and the kernel read the same timekeeper: allow 1 ms of
	 * rounding between the clocksource reads, nothing more. */
	TST_EXP_EXPR(tv_us(&raw) >= tv_us(&before) - slack &&
		     tv_us(&raw) <= tv_us(&after) + slack,
		     "syscall time %lld us lies between vDSO reads %lld and "
		     "%lld us", tv_us(&raw), tv_us(&before), tv_us(&after));
	TST_EXP_EXPR(tz_raw.tz_minuteswest == tz_vdso.tz_minuteswest &&
		     tz_raw.tz_dsttime == tz_vdso.tz_dsttime,
		     "timezone {%d, %d} is the vDSO's {%d, %d}",
		     tz_raw.tz_minuteswest, tz_raw.tz_dsttime,
		     tz_vdso.tz_minuteswest, tz_vdso.tz_dsttime);

	prev = raw;
	for (i = 0; i < 1000; i++) {
		sys_gettimeofday(&raw, NULL);
		if (tv_us(&raw) < tv_us(&prev))
			back++;
		prev = raw;
	}
	TST_EXP_EXPR(back == 0, "1000 successive calls never went back "
		     "(%d did)", back);
}

static void test_null(void)
{
	struct timezone tz;
	struct timeval tv;

	TST_EXP_PASS(sys_gettimeofday(NULL, NULL),
		     "gettimeofday(NULL, NULL)");
	TST_EXP_PASS(sys_gettimeofday(&tv, NULL), "gettimeofday(&tv, NULL)");
	TST_EXP_PASS(sys_gettimeofday(NULL, &tz), "gettimeofday(NULL, &tz)");
}

static void test_efault(void)
{
	struct timeval tv;

	TST_EXP_FAIL(sys_gettimeofday(bad_addr, NULL), EFAULT,
		     "gettimeofday(unmapped tv, NULL)");
	TST_EXP_FAIL(sys_gettimeofday(&tv, bad_addr), EFAULT,
		     "gettimeofday(&tv, unmapped tz)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_time();
	else if (n == 1)
		test_null();
	else
		test_efault();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
};
