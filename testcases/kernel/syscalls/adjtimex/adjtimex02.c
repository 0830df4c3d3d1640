// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * adjtimex() mode changes as root, in a test VM only (every value
 * changed is read first and written back): ADJ_ESTERROR reads back
 * exactly, ADJ_MAXERROR reads back at least the value set (the kernel
 * adds 500 us each second), ADJ_OFFSET_SINGLESHOT returns the previous
 * remaining offset and the new one reads back through ADJ_OFFSET_SS_READ
 * as at most the offset set and more than zero (100 ms take 200 s to
 * slew). ADJ_TICK with the current tick is accepted. Root still gets
 * EINVAL for a tick beyond +-10% of 1e6 / USER_HZ, a frequency whose
 * scaling would overflow, an ADJ_SETOFFSET with a negative or too large
 * tv_usec (also with ADJ_NANO), none of which changes anything.
 */
#include <limits.h>
#include <stdlib.h>
#include <sys/timex.h>
#include "time_event.h"

static struct timex saved;
static long saved_adj;
static int have_saved;

static long sys_adjtimex(struct timex *tx)
{
	return syscall(__NR_adjtimex, tx);
}

static void test_errors_roundtrip(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_ESTERROR;
	tx.esterror = 12345;
	TST_EXP_POSITIVE(sys_adjtimex(&tx), "adjtimex(ADJ_ESTERROR, 12345)");
	memset(&tx, 0, sizeof(tx));
	sys_adjtimex(&tx);
	TST_EXP_EQ_LI(tx.esterror, 12345);

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_MAXERROR;
	tx.maxerror = 54321;
	TST_EXP_POSITIVE(sys_adjtimex(&tx), "adjtimex(ADJ_MAXERROR, 54321)");
	memset(&tx, 0, sizeof(tx));
	sys_adjtimex(&tx);
	TST_EXP_EXPR(tx.maxerror >= 54321 && tx.maxerror < 54321 + 10000000,
		     "maxerror reads back %ld, at least the 54321 set",
		     tx.maxerror);
}

static void test_singleshot(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT;
	tx.offset = 100000;
	TST_EXP_POSITIVE(sys_adjtimex(&tx),
			 "adjtimex(ADJ_OFFSET_SINGLESHOT, 100000 us)");
	TST_EXP_EXPR(labs(tx.offset) <= labs(saved_adj),
		     "it returned the previous remaining offset %ld us (%ld "
		     "at setup)", tx.offset, saved_adj);

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SS_READ;
	TST_EXP_POSITIVE(sys_adjtimex(&tx), "adjtimex(ADJ_OFFSET_SS_READ)");
	TST_EXP_EXPR(tx.offset > 0 && tx.offset <= 100000,
		     "remaining offset %ld us in (0, 100000]", tx.offset);

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT;
	tx.offset = saved_adj;
	TST_EXP_POSITIVE(sys_adjtimex(&tx),
			 "adjtimex(ADJ_OFFSET_SINGLESHOT, back to %ld us)",
			 saved_adj);
	TST_EXP_EXPR(tx.offset > 0 && tx.offset <= 100000,
		     "it returned the remaining %ld us", tx.offset);
}

static void test_tick(void)
{
	long hz = sysconf(_SC_CLK_TCK);
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_TICK;
	tx.tick = saved.tick;
	TST_EXP_POSITIVE(sys_adjtimex(&tx), "adjtimex(ADJ_TICK, current %ld)",
			 saved.tick);
	tx.modes = ADJ_TICK;
	tx.tick = 900000 / hz - 1;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_TICK, %ld)",
		     tx.tick);
	tx.modes = ADJ_TICK;
	tx.tick = 1100000 / hz + 1;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_TICK, %ld)",
		     tx.tick);
	memset(&tx, 0, sizeof(tx));
	sys_adjtimex(&tx);
	TST_EXP_EQ_LI(tx.tick, saved.tick);

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_FREQUENCY;
	tx.freq = LONG_MAX;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_FREQUENCY, "
		     "LONG_MAX)");
	tx.modes = ADJ_FREQUENCY;
	tx.freq = LONG_MIN;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_FREQUENCY, "
		     "LONG_MIN)");

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_usec = -1;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_SETOFFSET, "
		     "tv_usec = -1)");
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_usec = 1000000;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_SETOFFSET, "
		     "tv_usec = 1000000)");
	tx.modes = ADJ_SETOFFSET | ADJ_NANO;
	tx.time.tv_usec = 1000000000;
	TST_EXP_FAIL(sys_adjtimex(&tx), EINVAL, "adjtimex(ADJ_SETOFFSET | "
		     "ADJ_NANO, tv_nsec = 1000000000)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_errors_roundtrip();
	else if (n == 1)
		test_singleshot();
	else
		test_tick();
}

static void setup(void)
{
	struct timex tx;

	memset(&saved, 0, sizeof(saved));
	if (sys_adjtimex(&saved) < 0)
		tst_brk(TBROK | TERRNO, "adjtimex(modes = 0)");
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SS_READ;
	if (sys_adjtimex(&tx) < 0)
		tst_brk(TBROK | TERRNO, "adjtimex(ADJ_OFFSET_SS_READ)");
	saved_adj = tx.offset;
	have_saved = 1;
	tst_res(TINFO, "maxerror %ld, esterror %ld, tick %ld, offset %ld",
		saved.maxerror, saved.esterror, saved.tick, saved_adj);
}

static void cleanup(void)
{
	struct timex tx;

	if (!have_saved)
		return;
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_MAXERROR | ADJ_ESTERROR | ADJ_TICK;
	tx.maxerror = saved.maxerror;
	tx.esterror = saved.esterror;
	tx.tick = saved.tick;
	if (sys_adjtimex(&tx) < 0)
		tst_res(TWARN | TERRNO, "adjtimex(): could not restore "
			"maxerror, esterror, tick");
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT;
	tx.offset = saved_adj;
	if (sys_adjtimex(&tx) < 0)
		tst_res(TWARN | TERRNO, "adjtimex(): could not restore the "
			"adjtime offset");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.exclusive = 1,
};
