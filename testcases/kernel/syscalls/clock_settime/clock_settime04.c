// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An inserted leap second (in a test VM only: it moves the system clock
 * and the NTP state, and puts both back): with CLOCK_REALTIME set 3 s
 * before a midnight UTC and STA_INS set through adjtimex(), the leap
 * second is inserted: CLOCK_REALTIME falls one second behind
 * CLOCK_MONOTONIC across that midnight. An absolute CLOCK_REALTIME clock_nanosleep() one second
 * ahead never returns before its target: before the leap, after it, and
 * after the clock was set back (the hrtimer base must be told the clock
 * moved).
 * Syscalls: clock_settime, adjtimex, clock_nanosleep
 */
#include <sys/timex.h>
#include "clock_guard.h"

static int status0;

static int set_status(int status, struct timex *tx)
{
	int ret;

	memset(tx, 0, sizeof(*tx));
	tx->modes = ADJ_STATUS;
	tx->status = status;
	ret = adjtimex(tx);
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "adjtimex(ADJ_STATUS %#x)", status);
	return ret;
}

static void no_early_wake(const char *when)
{
	long long target = clock_ns(CLOCK_REALTIME) + NSEC_PER_SEC, now;
	struct timespec ts = ns_ts(target);

	TST_EXP_PASS(clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts,
				     NULL), "absolute sleep %s", when);
	now = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(now >= target, "%s: woke %lld ms after the target "
		     "(never before)", when, (now - target) / 1000000);
}

static void run(void)
{
	long long midnight, m_start, r_start, m_end, r_end, end;
	int state, seen = 0;
	struct timex tx;

	no_early_wake("before the leap second");
	midnight = (clock_ns(CLOCK_REALTIME) / NSEC_PER_SEC / 86400 + 1) *
		   86400;
	if (clock_guard_set_ns((midnight - 3) * NSEC_PER_SEC))
		tst_brk(TBROK | TERRNO, "clock_settime()");
	set_status(STA_PLL, &tx);
	set_status(0, &tx);
	/* TIME_INS follows at the next second's processing */
	state = set_status(STA_INS, &tx);
	TST_EXP_EXPR((state == TIME_OK || state == TIME_INS) &&
		     (tx.status & STA_INS), "adjtimex(STA_INS): state %d, "
		     "STA_INS kept", state);
	m_start = clock_ns(CLOCK_MONOTONIC);
	r_start = clock_ns(CLOCK_REALTIME);
	end = m_start + tev_scaled_ns(20000);
	/* watch the state until 2 s past midnight, bounded */
	while (clock_ns(CLOCK_MONOTONIC) < end) {
		memset(&tx, 0, sizeof(tx));
		state = adjtimex(&tx);
		if (state == TIME_OOP)
			seen |= 1;
		if (state == TIME_WAIT)
			seen |= 2;
		if (tx.time.tv_sec >= midnight + 2)
			break;
		usleep(100000);
	}
	m_end = clock_ns(CLOCK_MONOTONIC);
	r_end = clock_ns(CLOCK_REALTIME);
	/* the states adjtimex() reported, for the log only */
	tst_res(TINFO, "adjtimex() states seen: TIME_OOP %s, TIME_WAIT %s",
		seen & 1 ? "yes" : "no", seen & 2 ? "yes" : "no");
	TST_EXP_EXPR((m_end - m_start) - (r_end - r_start) > NSEC_PER_SEC / 2 &&
		     (m_end - m_start) - (r_end - r_start) <
		     3 * NSEC_PER_SEC / 2, "CLOCK_REALTIME fell %.3f s behind "
		     "CLOCK_MONOTONIC (one leap second)",
		     ((m_end - m_start) - (r_end - r_start)) / 1e9);
	no_early_wake("after the leap second");
	set_status(STA_PLL, &tx);
	set_status(0, &tx);
	clock_guard_restore();
	no_early_wake("after the clock was set back");
}

static void setup(void)
{
	struct timex tx = { .modes = 0 };

	if (adjtimex(&tx) < 0)
		tst_brk(TBROK | TERRNO, "adjtimex()");
	status0 = tx.status;
	clock_guard_save();
}

static void cleanup(void)
{
	struct timex tx;

	if (!clock_guard_saved)
		return;
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_STATUS;
	tx.status = status0;
	adjtimex(&tx);
	clock_guard_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.exclusive = 1,
	.timeout = 60,
};
