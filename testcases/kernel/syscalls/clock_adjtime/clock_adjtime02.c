// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_adjtime(CLOCK_REALTIME) changes as root, in a test VM only
 * (every value changed is read first and written back): it adjusts the
 * same NTP state adjtimex() reads (ADJ_ESTERROR set through one reads
 * back exactly through the other), ADJ_OFFSET_SINGLESHOT returns the
 * previous offset (1 s set, then -0.3 s, then 0: each returns the one
 * before, less what the kernel slewed, 500 us per second at most), and
 * ADJ_OFFSET_SS_READ reads it without changing it, ADJ_SETOFFSET steps CLOCK_REALTIME by +5 s (and
 * back by -5 s) without moving CLOCK_MONOTONIC. EINVAL as root for an
 * out-of-range tick and a bad ADJ_SETOFFSET tv_usec; EOPNOTSUPP for
 * CLOCK_MONOTONIC even for root.
 */
#include <sys/timex.h>
#include "time_event.h"

static struct timex saved;
static int have_saved;

static long sys_clock_adjtime(clockid_t clk, struct timex *tx)
{
	return syscall(__NR_clock_adjtime, clk, tx);
}

static void test_singleshot(void);

static void test_esterror(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_ESTERROR;
	tx.esterror = 4242;
	TST_EXP_POSITIVE(sys_clock_adjtime(CLOCK_REALTIME, &tx),
			 "clock_adjtime(CLOCK_REALTIME, ADJ_ESTERROR, 4242)");
	memset(&tx, 0, sizeof(tx));
	syscall(__NR_adjtimex, &tx);
	TST_EXP_EQ_LI(tx.esterror, 4242);

	test_singleshot();
}

/* ADJ_OFFSET_SINGLESHOT (adjtime()): time_adjust, old value returned. */
static long singleshot(unsigned int modes, long offset, const char *desc)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = modes;
	tx.offset = offset;
	TST_EXP_POSITIVE(sys_clock_adjtime(CLOCK_REALTIME, &tx),
			 "clock_adjtime(CLOCK_REALTIME, %s)", desc);
	return tx.offset;
}

/*
 * The kernel slews a pending adjtime() offset by at most 500 us each
 * second, so the offset read back is the one set minus 500 us per
 * second that passed (counted on CLOCK_MONOTONIC, plus one for the
 * second boundary).
 */
static void check_left(long got, long set, long long since)
{
	long secs = (clock_ns(CLOCK_MONOTONIC) - since) / NSEC_PER_SEC + 1;

	TST_EXP_EXPR(got <= set && got >= set - 500 * secs,
		     "previous offset %ld us, set %ld us %ld s before at "
		     "most", got, set, secs);
}

static void test_singleshot(void)
{
	long long t0, t1;
	long prev, got;

	prev = singleshot(ADJ_OFFSET_SS_READ, 0, "ADJ_OFFSET_SS_READ");
	tst_res(TINFO, "pending adjtime() offset: %ld us", prev);

	t0 = clock_ns(CLOCK_MONOTONIC);
	singleshot(ADJ_OFFSET_SINGLESHOT, 1000000,
		   "ADJ_OFFSET_SINGLESHOT, 1000000 us");
	got = singleshot(ADJ_OFFSET_SS_READ, 0, "ADJ_OFFSET_SS_READ");
	check_left(got, 1000000, t0);
	got = singleshot(ADJ_OFFSET_SS_READ, 0, "ADJ_OFFSET_SS_READ again");
	check_left(got, 1000000, t0);

	t1 = clock_ns(CLOCK_MONOTONIC);
	got = singleshot(ADJ_OFFSET_SINGLESHOT, -300000,
			 "ADJ_OFFSET_SINGLESHOT, -300000 us");
	check_left(got, 1000000, t0);
	got = singleshot(ADJ_OFFSET_SINGLESHOT, 0,
			 "ADJ_OFFSET_SINGLESHOT, 0");
	check_left(-got, 300000, t1);
	TST_EXP_EQ_LI(singleshot(ADJ_OFFSET_SS_READ, 0,
				 "ADJ_OFFSET_SS_READ after 0"), 0);

	/* give back what was pending before */
	singleshot(ADJ_OFFSET_SINGLESHOT, prev, "ADJ_OFFSET_SINGLESHOT, back");
}

static void test_setoffset(void)
{
	long long slack = tev_scaled_ns(30000), mono0, real0, real, mono;
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_sec = 5;
	tx.time.tv_usec = 0;
	mono0 = clock_ns(CLOCK_MONOTONIC);
	real0 = clock_ns(CLOCK_REALTIME);
	TST_EXP_POSITIVE(sys_clock_adjtime(CLOCK_REALTIME, &tx),
			 "clock_adjtime(CLOCK_REALTIME, ADJ_SETOFFSET, +5 s)");
	if (!TST_PASS)
		return;
	real = clock_ns(CLOCK_REALTIME);
	mono = clock_ns(CLOCK_MONOTONIC);
	/* Give the +5 s back first, whatever the checks say. */
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_sec = -5;
	tx.time.tv_usec = 0;
	if (sys_clock_adjtime(CLOCK_REALTIME, &tx) < 0)
		tst_brk(TBROK | TERRNO, "clock_adjtime(ADJ_SETOFFSET, -5 s)");
	TST_EXP_EXPR(real - real0 >= 5 * NSEC_PER_SEC &&
		     real - real0 < 5 * NSEC_PER_SEC + slack,
		     "CLOCK_REALTIME moved by %lld ns (5 s expected)",
		     real - real0);
	TST_EXP_EXPR(mono - mono0 < slack, "CLOCK_MONOTONIC moved by %lld ns",
		     mono - mono0);
}

static void test_errors(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_TICK;
	tx.tick = 1;
	TST_EXP_FAIL(sys_clock_adjtime(CLOCK_REALTIME, &tx), EINVAL,
		     "clock_adjtime(CLOCK_REALTIME, ADJ_TICK, 1)");
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_usec = 1000000;
	TST_EXP_FAIL(sys_clock_adjtime(CLOCK_REALTIME, &tx), EINVAL,
		     "clock_adjtime(CLOCK_REALTIME, ADJ_SETOFFSET, tv_usec = "
		     "1000000)");
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_ESTERROR;
	TST_EXP_FAIL(sys_clock_adjtime(CLOCK_MONOTONIC, &tx), EOPNOTSUPP,
		     "clock_adjtime(CLOCK_MONOTONIC, ADJ_ESTERROR) as root");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_esterror();
	else if (n == 1)
		test_setoffset();
	else
		test_errors();
}

static void setup(void)
{
	memset(&saved, 0, sizeof(saved));
	if (sys_clock_adjtime(CLOCK_REALTIME, &saved) < 0)
		tst_brk(TBROK | TERRNO, "clock_adjtime(CLOCK_REALTIME, 0)");
	have_saved = 1;
}

static void cleanup(void)
{
	struct timex tx;

	if (!have_saved)
		return;
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_ESTERROR | ADJ_MAXERROR;
	tx.esterror = saved.esterror;
	tx.maxerror = saved.maxerror;
	if (sys_clock_adjtime(CLOCK_REALTIME, &tx) < 0)
		tst_res(TWARN | TERRNO, "clock_adjtime(): could not restore "
			"esterror and maxerror");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.exclusive = 1,
};
