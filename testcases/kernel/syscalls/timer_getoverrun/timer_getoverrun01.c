// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_getoverrun() counts the expiries a periodic timer had while its
 * signal was still pending: 0 before any; with the signal blocked for a
 * while, the count at delivery is the number of further intervals that
 * passed since the first expiry (bounded below and above by the time
 * measured around it), and timer_getoverrun() then returns si_overrun.
 * A fresh delivery that did not overrun reads 0 again. Errors: EINVAL for
 * a timer id never created and for a deleted one.
 */
#include <limits.h>
#include "time_event.h"

#define MS NSEC_PER_MSEC

static int id;
static long long interval;

static void test_overrun(void)
{
	long long before, armed, waited, after, low, high;
	siginfo_t info;

	TST_EXP_VAL(ktimer_getoverrun(id), 0, "timer_getoverrun() of a timer "
		    "never armed");

	before = clock_ns(CLOCK_MONOTONIC);
	ktimer_arm(id, 0, interval, interval);
	armed = clock_ns(CLOCK_MONOTONIC);
	usleep(100000);
	waited = clock_ns(CLOCK_MONOTONIC);
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal from a periodic timer");
		return;
	}
	after = clock_ns(CLOCK_MONOTONIC);

	/* expiry 1: [before, armed] + interval; delivery: [waited, after] */
	low = (waited - armed - interval) / interval;
	high = (after - before - interval) / interval;
	TST_EXP_EXPR(info.si_overrun >= low && info.si_overrun <= high,
		     "si_overrun %d after 100 ms blocked with a %lld ns "
		     "interval: in [%lld, %lld]", info.si_overrun, interval,
		     low, high);
	/* before any new setting, which would reset the count */
	TST_EXP_VAL(ktimer_getoverrun(id), info.si_overrun,
		    "timer_getoverrun() after the delivery");
	ktimer_arm(id, 0, 0, 0);
	tev_drain_signal(SIGUSR1);
}

static void test_no_overrun(void)
{
	siginfo_t info;

	ktimer_arm(id, 0, 20 * MS, 0);
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal from a one-shot timer");
		return;
	}
	TST_EXP_EQ_LI(info.si_overrun, 0);
	TST_EXP_VAL(ktimer_getoverrun(id), 0, "timer_getoverrun() after a "
		    "one-shot delivery");
}

static void test_errors(void)
{
	int gone = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);

	if (ktimer_delete(gone))
		tst_brk(TBROK | TERRNO, "timer_delete()");
	TST_EXP_FAIL(ktimer_getoverrun(gone), EINVAL,
		     "timer_getoverrun(deleted timer)");
	TST_EXP_FAIL(ktimer_getoverrun(INT_MAX), EINVAL,
		     "timer_getoverrun(id INT_MAX, never created)");
	TST_EXP_FAIL(ktimer_getoverrun(-1), EINVAL,
		     "timer_getoverrun(id -1)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_overrun();
		break;
	case 1:
		test_no_overrun();
		break;
	case 2:
		test_errors();
		break;
	}
}

static void setup(void)
{
	struct timespec res;

	tev_sigmask(SIG_BLOCK, SIGUSR1);
	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0);
	/* intervals below the hrtimer resolution are rounded up to it */
	if (clock_getres(CLOCK_MONOTONIC, &res))
		tst_brk(TBROK | TERRNO, "clock_getres()");
	interval = ts_ns(&res) > MS ? ts_ns(&res) : MS;
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
};
