// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * settimeofday() as root, in a test VM only (it steps CLOCK_REALTIME by
 * 10 s and sets the kernel timezone; both are put back at the end, the
 * time from CLOCK_MONOTONIC): the time set reads back through the
 * gettimeofday system call, the vDSO and clock_gettime(CLOCK_REALTIME),
 * CLOCK_MONOTONIC does not jump; the timezone set reads back through the
 * system call and the vDSO; NULL for both arguments is a no-op. EINVAL
 * for tv_usec outside [0, 1000000), a negative tv_sec, a time beyond the
 * settable range, a time before boot, a timezone beyond +-15 hours;
 * EFAULT for an unmapped tv or tz. As nobody: EPERM, but a bad tv_usec
 * is EINVAL first.
 */
#include <sys/time.h>
#include "time_event.h"

#define DELTA_NS (10 * NSEC_PER_SEC)

static long long real0, mono0;
static struct timezone tz0;
static int saved;
static void *bad_addr;

static long sys_settimeofday(const struct timeval *tv,
			     const struct timezone *tz)
{
	return syscall(__NR_settimeofday, tv, tz);
}

static long sys_gettimeofday(struct timeval *tv, struct timezone *tz)
{
	return syscall(__NR_gettimeofday, tv, tz);
}

static long long tv_ns(const struct timeval *tv)
{
	return tv->tv_sec * NSEC_PER_SEC + tv->tv_usec * 1000LL;
}

static struct timeval ns_tv(long long ns)
{
	struct timeval tv = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_usec = (ns % NSEC_PER_SEC) / 1000,
	};

	return tv;
}

/* The real time now, had nobody touched the clock since setup(). */
static long long true_real_ns(void)
{
	return real0 + clock_ns(CLOCK_MONOTONIC) - mono0;
}

static void test_set_time(void)
{
	long long target = true_real_ns() + DELTA_NS;
	long long slack = tev_scaled_ns(30000);
	struct timeval tv = ns_tv(target), raw, vdso;
	long long mono = clock_ns(CLOCK_MONOTONIC), real;

	TST_EXP_PASS(sys_settimeofday(&tv, NULL),
		     "settimeofday(now + 10 s, NULL)");
	if (!TST_PASS)
		return;
	sys_gettimeofday(&raw, NULL);
	gettimeofday(&vdso, NULL);
	real = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(tv_ns(&raw) >= target - 1000 &&
		     tv_ns(&raw) - target < slack,
		     "gettimeofday syscall reads the time set (+%lld ns)",
		     tv_ns(&raw) - target);
	TST_EXP_EXPR(tv_ns(&vdso) >= target - 1000 &&
		     tv_ns(&vdso) - target < slack,
		     "gettimeofday vDSO reads the time set (+%lld ns)",
		     tv_ns(&vdso) - target);
	TST_EXP_EXPR(real >= target - 1000 && real - target < slack,
		     "CLOCK_REALTIME reads the time set (+%lld ns)",
		     real - target);
	TST_EXP_EXPR(clock_ns(CLOCK_MONOTONIC) - mono < slack,
		     "CLOCK_MONOTONIC did not jump");

	tv = ns_tv(true_real_ns());
	if (sys_settimeofday(&tv, NULL))
		tst_brk(TBROK | TERRNO, "settimeofday(): could not put the "
			"clock back");
}

static void test_set_tz(void)
{
	struct timezone tz = { .tz_minuteswest = tz0.tz_minuteswest == 120 ?
			       -60 : 120, .tz_dsttime = 0 }, raw, vdso;
	struct timeval tv = ns_tv(true_real_ns());

	TST_EXP_PASS(sys_settimeofday(&tv, &tz), "settimeofday(now, {%d, 0})",
		     tz.tz_minuteswest);
	if (!TST_PASS)
		return;
	sys_gettimeofday(&tv, &raw);
	gettimeofday(&tv, &vdso);
	TST_EXP_EXPR(raw.tz_minuteswest == tz.tz_minuteswest &&
		     raw.tz_dsttime == 0, "gettimeofday syscall returns the "
		     "timezone set ({%d, %d})", raw.tz_minuteswest,
		     raw.tz_dsttime);
	TST_EXP_EXPR(vdso.tz_minuteswest == tz.tz_minuteswest &&
		     vdso.tz_dsttime == 0, "gettimeofday vDSO returns the "
		     "timezone set ({%d, %d})", vdso.tz_minuteswest,
		     vdso.tz_dsttime);
	tv = ns_tv(true_real_ns());
	if (sys_settimeofday(&tv, &tz0))
		tst_brk(TBROK | TERRNO, "settimeofday(): could not put the "
			"timezone back");
	TST_EXP_PASS(sys_settimeofday(NULL, NULL), "settimeofday(NULL, NULL)");
}

static void test_einval(void)
{
	struct timezone tz = { .tz_minuteswest = 15 * 60 + 1 };
	struct timeval tv = ns_tv(true_real_ns());

	tv.tv_usec = 1000000;
	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EINVAL,
		     "settimeofday(tv_usec = 1000000)");
	tv.tv_usec = -1;
	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EINVAL,
		     "settimeofday(tv_usec = -1)");
	tv.tv_sec = -1;
	tv.tv_usec = 0;
	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EINVAL,
		     "settimeofday(tv_sec = -1)");
	tv.tv_sec = 1LL << 40;
	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EINVAL,
		     "settimeofday(tv_sec = 2^40, beyond the settable range)");
	/* Before boot: the monotonic clock would start in the future. */
	tv.tv_sec = 0;
	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EINVAL,
		     "settimeofday(1970-01-01, before boot)");
	TST_EXP_FAIL(sys_settimeofday(NULL, &tz), EINVAL,
		     "settimeofday(NULL, tz_minuteswest = 901)");
	tz.tz_minuteswest = -15 * 60 - 1;
	TST_EXP_FAIL(sys_settimeofday(NULL, &tz), EINVAL,
		     "settimeofday(NULL, tz_minuteswest = -901)");
	TST_EXP_FAIL(sys_settimeofday(bad_addr, NULL), EFAULT,
		     "settimeofday(unmapped tv, NULL)");
	TST_EXP_FAIL(sys_settimeofday(NULL, bad_addr), EFAULT,
		     "settimeofday(NULL, unmapped tz)");
}

static void as_nobody(void)
{
	struct timeval tv = ns_tv(true_real_ns());

	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EPERM,
		     "settimeofday(now) as nobody");
	TST_EXP_FAIL(sys_settimeofday(NULL, &tz0), EPERM,
		     "settimeofday(NULL, current tz) as nobody");
	tv.tv_usec = 1000000;
	TST_EXP_FAIL(sys_settimeofday(&tv, NULL), EINVAL,
		     "settimeofday(tv_usec = 1000000) as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_set_time();
		break;
	case 1:
		test_set_tz();
		break;
	case 2:
		test_einval();
		break;
	default:
		tev_as_nobody(as_nobody);
	}
}

static void setup(void)
{
	struct timeval tv;

	bad_addr = tev_bad_addr();
	if (sys_gettimeofday(&tv, &tz0))
		tst_brk(TBROK | TERRNO, "gettimeofday()");
	real0 = clock_ns(CLOCK_REALTIME);
	mono0 = clock_ns(CLOCK_MONOTONIC);
	saved = 1;
}

static void cleanup(void)
{
	struct timeval tv;

	if (!saved)
		return;
	tv = ns_tv(true_real_ns());
	if (sys_settimeofday(&tv, &tz0))
		tst_res(TWARN | TERRNO, "settimeofday(): could not restore "
			"the clock and timezone");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.exclusive = 1,
};
