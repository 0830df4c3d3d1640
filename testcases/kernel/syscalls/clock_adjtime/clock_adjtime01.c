// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_adjtime() queries that change nothing, for any user: on
 * CLOCK_REALTIME modes 0 returns the clock state and the same NTP values
 * adjtimex() returns (tick, precision, tolerance, status), the time
 * between two CLOCK_REALTIME reads; ADJ_OFFSET_SS_READ is allowed.
 * EOPNOTSUPP for the clocks that cannot be adjusted (MONOTONIC,
 * MONOTONIC_RAW, BOOTTIME, the coarse clocks, the CPU-time clocks),
 * EINVAL for a clock id that does not exist and for a dynamic clock id
 * whose fd is closed or is not a clock, EINVAL for ADJ_ADJTIME without
 * ADJ_OFFSET_SINGLESHOT, EFAULT for an unmapped buffer. As nobody:
 * EPERM for ADJ_MAXERROR, ADJ_TICK, ADJ_OFFSET_SINGLESHOT, ADJ_SETOFFSET.
 * Changes as root are clock_adjtime02 (test VMs only).
 */
#include <limits.h>
#include <sys/timex.h>
#include "time_event.h"

static void *bad_addr;

static long sys_clock_adjtime(clockid_t clk, struct timex *tx)
{
	return syscall(__NR_clock_adjtime, clk, tx);
}

static long long tx_time_ns(const struct timex *tx)
{
	long long sub = tx->time.tv_usec;

	return tx->time.tv_sec * NSEC_PER_SEC +
	       (tx->status & STA_NANO ? sub : sub * 1000);
}

static void test_query(void)
{
	struct timex tx, ref;
	long long before, after;

	memset(&tx, 0, sizeof(tx));
	memset(&ref, 0, sizeof(ref));
	before = clock_ns(CLOCK_REALTIME);
	TEST(sys_clock_adjtime(CLOCK_REALTIME, &tx));
	after = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(TST_RET >= TIME_OK && TST_RET <= TIME_ERROR,
		     "clock_adjtime(CLOCK_REALTIME, modes = 0) returned clock "
		     "state %ld", TST_RET);
	TST_EXP_EXPR(tx_time_ns(&tx) >= before - 1000 &&
		     tx_time_ns(&tx) <= after + 1000,
		     "time %lld ns lies between CLOCK_REALTIME reads %lld and "
		     "%lld", tx_time_ns(&tx), before, after);
	if (syscall(__NR_adjtimex, &ref) < 0)
		tst_brk(TBROK | TERRNO, "adjtimex(modes = 0)");
	TST_EXP_EXPR(tx.tick == ref.tick && tx.precision == ref.precision &&
		     tx.tolerance == ref.tolerance && tx.status == ref.status,
		     "tick %ld, precision %ld, tolerance %ld, status 0x%x are "
		     "adjtimex()'s (%ld, %ld, %ld, 0x%x)", tx.tick,
		     tx.precision, tx.tolerance, tx.status, ref.tick,
		     ref.precision, ref.tolerance, ref.status);

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SS_READ;
	TEST(sys_clock_adjtime(CLOCK_REALTIME, &tx));
	TST_EXP_EXPR(TST_RET >= TIME_OK && TST_RET <= TIME_ERROR,
		     "clock_adjtime(CLOCK_REALTIME, ADJ_OFFSET_SS_READ) "
		     "returned %ld", TST_RET);
}

static void test_clocks(void)
{
	static const struct {
		clockid_t clk;
		const char *name;
	} unadjustable[] = {
		{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
		{CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW"},
		{CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
		{CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE"},
		{CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE"},
		{CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID"},
		{CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID"},
	};
	struct timex tx;
	unsigned int i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(unadjustable); i++) {
		memset(&tx, 0, sizeof(tx));
		TST_EXP_FAIL(sys_clock_adjtime(unadjustable[i].clk, &tx),
			     EOPNOTSUPP, "clock_adjtime(%s, modes = 0)",
			     unadjustable[i].name);
	}
	memset(&tx, 0, sizeof(tx));
	TST_EXP_FAIL(sys_clock_adjtime(tev_process_clock(getpid(),
				       TEV_CPUCLOCK_SCHED), &tx), EOPNOTSUPP,
		     "clock_adjtime(own process CPU clock by pid)");
	TST_EXP_FAIL(sys_clock_adjtime(16, &tx), EINVAL,
		     "clock_adjtime(clock id 16)");
	TST_EXP_FAIL(sys_clock_adjtime(INT_MAX, &tx), EINVAL,
		     "clock_adjtime(clock id INT_MAX)");

	fd = SAFE_OPEN("/dev/null", O_RDWR);
	TST_EXP_FAIL(sys_clock_adjtime(tev_fd_clock(fd), &tx), EINVAL,
		     "clock_adjtime(dynamic clock of /dev/null's fd)");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(sys_clock_adjtime(tev_fd_clock(1000000), &tx), EINVAL,
		     "clock_adjtime(dynamic clock of an fd not open)");
}

static void test_errors(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT & ~ADJ_OFFSET;
	TST_EXP_FAIL(sys_clock_adjtime(CLOCK_REALTIME, &tx), EINVAL,
		     "clock_adjtime(CLOCK_REALTIME, ADJ_ADJTIME alone)");
	TST_EXP_FAIL(sys_clock_adjtime(CLOCK_REALTIME, bad_addr), EFAULT,
		     "clock_adjtime(CLOCK_REALTIME, unmapped buffer)");
}

static void as_nobody(void)
{
	static const unsigned int modes[] = {
		ADJ_MAXERROR, ADJ_ESTERROR, ADJ_TICK, ADJ_OFFSET_SINGLESHOT,
		ADJ_SETOFFSET, ADJ_STATUS,
	};
	struct timex tx, cur;
	unsigned int i;

	memset(&cur, 0, sizeof(cur));
	if (sys_clock_adjtime(CLOCK_REALTIME, &cur) < 0)
		tst_brk(TBROK | TERRNO, "clock_adjtime(modes = 0)");
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		tx = cur;
		tx.modes = modes[i];
		tx.offset = 0;
		tx.time.tv_sec = 0;
		tx.time.tv_usec = 0;
		TST_EXP_FAIL(sys_clock_adjtime(CLOCK_REALTIME, &tx), EPERM,
			     "clock_adjtime(CLOCK_REALTIME, modes 0x%x) as "
			     "nobody", modes[i]);
	}
	memset(&tx, 0, sizeof(tx));
	TST_EXP_POSITIVE(sys_clock_adjtime(CLOCK_REALTIME, &tx),
			 "clock_adjtime(CLOCK_REALTIME, modes = 0) as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_query();
		break;
	case 1:
		test_clocks();
		break;
	case 2:
		test_errors();
		break;
	default:
		if (geteuid())
			as_nobody();
		else
			tev_as_nobody(as_nobody);
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
