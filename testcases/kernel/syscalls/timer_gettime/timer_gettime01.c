// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_gettime() reports a timer's state: zero when never armed; for an
 * armed timer the time left, above 0, no more than was set and falling as
 * time passes, and the interval exactly as set; zero again once a one-shot
 * SIGEV_SIGNAL timer fired and once a SIGEV_NONE one-shot expired; for a
 * periodic SIGEV_NONE timer, the time to its next expiry, within one
 * interval. Also for a CLOCK_PROCESS_CPUTIME_ID timer. Errors: EINVAL for
 * a timer id never created or deleted, EFAULT for an unmapped result.
 */
#include <limits.h>
#include "time_event.h"

#define MS NSEC_PER_MSEC

static void *bad_addr;

static void get(int id, struct itimerspec *cur)
{
	memset(cur, 0xff, sizeof(*cur));
	TEST(ktimer_gettime(id, cur));
	if (TST_RET)
		tst_brk(TBROK | TTERRNO, "timer_gettime(%d)", id);
}

static void test_countdown(clockid_t clk, const char *name)
{
	struct itimerspec cur;
	long long first, start;
	int id;

	id = ktimer_new(clk, SIGEV_NONE, 0, 0);
	get(id, &cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) == 0 && ts_ns(&cur.it_interval) == 0,
		     "%s timer never armed reads zero", name);

	ktimer_arm(id, 0, 100 * NSEC_PER_SEC, 1500 * MS);
	get(id, &cur);
	first = ts_ns(&cur.it_value);
	TST_EXP_EXPR(first > 0 && first <= 100 * NSEC_PER_SEC &&
		     ts_ns(&cur.it_interval) == 1500 * MS,
		     "%s timer: %lld ns left of 100 s, interval %lld ns", name,
		     first, ts_ns(&cur.it_interval));
	/* let 2 ms pass on the timer's clock: sleep, or compute */
	start = clock_ns(clk);
	while (clock_ns(clk) - start < 2 * MS) {
		if (clk != CLOCK_PROCESS_CPUTIME_ID)
			usleep(1000);
	}
	get(id, &cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) < first, "%s timer: the time left "
		     "fell to %lld ns", name, ts_ns(&cur.it_value));
	ktimer_delete(id);
}

static void test_expired(void)
{
	struct itimerspec cur;
	siginfo_t info;
	int id;

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0);
	ktimer_arm(id, 0, MS, 0);
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal from a 1 ms timer");
	} else {
		get(id, &cur);
		TST_EXP_EXPR(ts_ns(&cur.it_value) == 0 &&
			     ts_ns(&cur.it_interval) == 0,
			     "a fired one-shot timer reads zero");
	}
	ktimer_delete(id);

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	ktimer_arm(id, 0, MS, 0);
	usleep(10000);
	get(id, &cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) == 0, "an expired SIGEV_NONE "
		     "one-shot reads zero (%lld ns)", ts_ns(&cur.it_value));
	ktimer_delete(id);
}

static void test_periodic_none(void)
{
	struct itimerspec cur;
	int id;

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	ktimer_arm(id, 0, MS, 20 * MS);
	usleep(50000);
	get(id, &cur);
	TST_EXP_EXPR(ts_ns(&cur.it_value) > 0 &&
		     ts_ns(&cur.it_value) <= 20 * MS &&
		     ts_ns(&cur.it_interval) == 20 * MS,
		     "a periodic SIGEV_NONE timer past its first expiries: "
		     "%lld ns to the next, within the 20 ms interval",
		     ts_ns(&cur.it_value));
	ktimer_delete(id);
}

static void test_errors(void)
{
	struct itimerspec cur;
	int id;

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	TST_EXP_FAIL(ktimer_gettime(id, bad_addr), EFAULT,
		     "timer_gettime(unmapped result)");
	TST_EXP_FAIL(ktimer_gettime(id, NULL), EFAULT,
		     "timer_gettime(NULL result)");
	ktimer_delete(id);
	TST_EXP_FAIL(ktimer_gettime(id, &cur), EINVAL,
		     "timer_gettime(deleted timer)");
	TST_EXP_FAIL(ktimer_gettime(INT_MAX, &cur), EINVAL,
		     "timer_gettime(id INT_MAX, never created)");
	TST_EXP_FAIL(ktimer_gettime(-1, &cur), EINVAL,
		     "timer_gettime(id -1)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_countdown(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
		break;
	case 1:
		test_countdown(CLOCK_REALTIME, "CLOCK_REALTIME");
		break;
	case 2:
		test_countdown(CLOCK_PROCESS_CPUTIME_ID,
			       "CLOCK_PROCESS_CPUTIME_ID");
		break;
	case 3:
		test_expired();
		break;
	case 4:
		test_periodic_none();
		break;
	case 5:
		test_errors();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	tev_sigmask(SIG_BLOCK, SIGUSR1);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
};
