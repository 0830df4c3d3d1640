// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * adjtimex() queries that change nothing, for any user: modes 0 returns
 * the clock state (TIME_OK .. TIME_ERROR) and fills the structure (time
 * between two CLOCK_REALTIME reads, in microseconds or, with STA_NANO,
 * nanoseconds; tick within +-10% of 1e6 / USER_HZ; a precision and
 * tolerance set); ADJ_OFFSET_SS_READ returns the remaining adjtime()
 * offset and is allowed without privilege. EINVAL for ADJ_ADJTIME bits
 * without ADJ_OFFSET_SINGLESHOT, EFAULT for an unmapped buffer. As
 * nobody: EPERM for any mode that changes something (ADJ_OFFSET_SINGLESHOT,
 * ADJ_MAXERROR, ADJ_TICK, ADJ_SETOFFSET), while queries still work.
 * State changes as root are adjtimex02 (test VMs only).
 */
#include <sys/timex.h>
#include "time_event.h"
#include "lapi/time.h"

static void *bad_addr;

static long sys_adjtimex(struct timex *tx)
{
	return syscall(__NR_adjtimex, tx);
}

static long long tx_time_ns(const struct timex *tx)
{
	long long sub = tx->time.tv_usec;

	return tx->time.tv_sec * NSEC_PER_SEC +
	       (tx->status & STA_NANO ? sub : sub * 1000);
}

static void test_query(void)
{
	struct timex tx;
	long long before, after;

	memset(&tx, 0, sizeof(tx));
	before = clock_ns(CLOCK_REALTIME);
	TEST(sys_adjtimex(&tx));
	after = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(TST_RET >= TIME_OK && TST_RET <= TIME_ERROR,
		     "adjtimex(modes = 0) returned clock state %ld", TST_RET);
	TST_EXP_EXPR(tx_time_ns(&tx) >= before - 1000 &&
		     tx_time_ns(&tx) <= after + 1000,
		     "time %lld ns lies between CLOCK_REALTIME reads %lld and "
		     "%lld", tx_time_ns(&tx), before, after);
	TST_EXP_EXPR(tx.tick >= 900000 / sysconf(_SC_CLK_TCK) &&
		     tx.tick <= 1100000 / sysconf(_SC_CLK_TCK),
		     "tick %ld within 10%% of 1e6 / USER_HZ", tx.tick);
	TST_EXP_EXPR(tx.precision > 0 && tx.tolerance > 0,
		     "precision %ld and tolerance %ld are set", tx.precision,
		     tx.tolerance);
	TST_EXP_EXPR(tx.maxerror >= 0 && tx.esterror >= 0,
		     "maxerror %ld and esterror %ld are not negative",
		     tx.maxerror, tx.esterror);

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SS_READ;
	TEST(sys_adjtimex(&tx));
	TST_EXP_EXPR(TST_RET >= TIME_OK && TST_RET <= TIME_ERROR,
		     "adjtimex(ADJ_OFFSET_SS_READ) returned %ld, remaining "
		     "offset %ld us", TST_RET, tx.offset);
}

static void test_errors(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT & ~ADJ_OFFSET;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL,
		     "adjtimex(ADJ_ADJTIME alone, 0x%x)", tx.modes);
	tx.modes = ADJ_OFFSET_SINGLESHOT & ~ADJ_OFFSET;
	tx.modes |= ADJ_OFFSET_READONLY;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL,
		     "adjtimex(ADJ_ADJTIME | ADJ_OFFSET_READONLY, 0x%x)",
		     tx.modes);
	TST_EXP_FAIL(sys_adjtimex(bad_addr), EFAULT,
		     "adjtimex(unmapped buffer)");
}

static void as_nobody(void)
{
	static const struct {
		unsigned int modes;
		const char *name;
	} modes[] = {
		{ADJ_OFFSET_SINGLESHOT, "ADJ_OFFSET_SINGLESHOT"},
		{ADJ_MAXERROR, "ADJ_MAXERROR"},
		{ADJ_ESTERROR, "ADJ_ESTERROR"},
		{ADJ_TICK, "ADJ_TICK"},
		{ADJ_FREQUENCY, "ADJ_FREQUENCY"},
		{ADJ_STATUS, "ADJ_STATUS"},
		{ADJ_SETOFFSET, "ADJ_SETOFFSET"},
	};
	struct timex tx, cur;
	unsigned int i;

	memset(&cur, 0, sizeof(cur));
	if (sys_adjtimex(&cur) < 0)
		tst_brk(TBROK | TERRNO, "adjtimex(modes = 0)");
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		tx = cur;
		tx.modes = modes[i].modes;
		tx.offset = 0;
		tx.time.tv_sec = 0;
		tx.time.tv_usec = 0;
		TST_EXP_FAIL(sys_adjtimex(&tx), EPERM,
			     "adjtimex(%s, current values) as nobody",
			     modes[i].name);
	}
	memset(&tx, 0, sizeof(tx));
	TST_EXP_POSITIVE(sys_adjtimex(&tx), "adjtimex(modes = 0) as nobody");
	tx.modes = ADJ_OFFSET_SS_READ;
	TST_EXP_POSITIVE(sys_adjtimex(&tx),
			 "adjtimex(ADJ_OFFSET_SS_READ) as nobody");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_query();
	else if (n == 1)
		test_errors();
	else if (geteuid())
		as_nobody();
	else
		tev_as_nobody(as_nobody);
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
