// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setitimer() arms the process's itimers: ITIMER_REAL sends SIGALRM, not
 * before its time, and with an interval keeps sending it; ITIMER_VIRTUAL
 * (user CPU time) sends SIGVTALRM and ITIMER_PROF (CPU time) SIGPROF
 * while the process computes, not while it sleeps. old_value reports
 * the setting replaced (zero when there was none); a zero it_value
 * disarms, and no signal follows. A tv_usec of 0..999999 is accepted as
 * given.
 */
#include <sys/time.h>
#include "time_event.h"

#define MS NSEC_PER_MSEC

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static void set(int which, long long value_us, long long interval_us,
		struct itimerval *old)
{
	struct itimerval val = {
		.it_interval = {interval_us / 1000000, interval_us % 1000000},
		.it_value = {value_us / 1000000, value_us % 1000000},
	};

	if (setitimer(which, &val, old))
		tst_brk(TBROK | TERRNO, "setitimer(%d)", which);
}

static void test_real(void)
{
	long long start, fired;
	siginfo_t info;

	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_PASS(setitimer(ITIMER_REAL, &(struct itimerval){{0, 0},
			{0, 30000}}, NULL), "setitimer(ITIMER_REAL, 30 ms)");
	if (!tev_wait_signal(SIGALRM, 10000, &info)) {
		tst_res(TFAIL, "no SIGALRM 10 s after a 30 ms ITIMER_REAL");
		return;
	}
	fired = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(fired >= 30 * MS, "SIGALRM after %lld ns >= 30 ms",
		     fired);
	TST_EXP_EXPR(!tev_wait_signal(SIGALRM, 100, &info),
		     "a one-shot ITIMER_REAL fired only once");
}

static void test_real_periodic(void)
{
	long long start, elapsed;
	siginfo_t info;
	int count = 0;

	start = clock_ns(CLOCK_MONOTONIC);
	set(ITIMER_REAL, 10000, 10000, NULL);
	while (count < 4 && tev_wait_signal(SIGALRM, 10000, &info))
		count++;
	elapsed = clock_ns(CLOCK_MONOTONIC) - start;
	set(ITIMER_REAL, 0, 0, NULL);
	tev_drain_signal(SIGALRM);
	TST_EXP_EXPR(count == 4 && elapsed >= 40 * MS, "4 SIGALRMs from a "
		     "10 ms periodic ITIMER_REAL in %lld ns (>= 40 ms)",
		     elapsed);
}

/* Compute in user space until sig is pending; 0 if it never came. */
static int compute_until(int sig)
{
	long long deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);
	volatile unsigned long sum = 0;
	unsigned long i;

	while (!tev_signal_pending(sig)) {
		if (clock_ns(CLOCK_MONOTONIC) > deadline)
			return 0;
		for (i = 0; i < 100000; i++)
			sum += i;
	}
	return 1;
}

/*
 * CPU time is sampled at ticks, so the signal is not checked against the
 * CPU clock; but 100 ms of sleep cannot use 30 ms of CPU time.
 */
static void test_cpu(int which, int sig, const char *name)
{
	TST_EXP_PASS(setitimer(which, &(struct itimerval){{0, 0},
			{0, 30000}}, NULL), "setitimer(%s, 30 ms)", name);
	usleep(100000);
	TST_EXP_EXPR(!tev_signal_pending(sig), "no %s during a 100 ms sleep",
		     tst_strsig(sig));
	if (compute_until(sig))
		tst_res(TPASS, "%s came while computing", tst_strsig(sig));
	else
		tst_res(TFAIL, "no %s after 10 s of computing",
			tst_strsig(sig));
	set(which, 0, 0, NULL);
	tev_drain_signal(sig);
}

static void test_old_value(void)
{
	struct itimerval old;

	memset(&old, 0xff, sizeof(old));
	set(ITIMER_REAL, 50000000, 2000000, &old);
	TST_EXP_EXPR(tv_us(&old.it_value) == 0 && tv_us(&old.it_interval) == 0,
		     "old value of an unset ITIMER_REAL is zero");
	set(ITIMER_REAL, 0, 0, &old);
	TST_EXP_EXPR(tv_us(&old.it_value) > 0 &&
		     tv_us(&old.it_value) <= 50000000 &&
		     tv_us(&old.it_interval) == 2000000,
		     "old value: %lld us left of 50 s, interval %lld us",
		     tv_us(&old.it_value), tv_us(&old.it_interval));

	set(ITIMER_REAL, 999999, 0, NULL);
	set(ITIMER_REAL, 0, 0, &old);
	TST_EXP_EXPR(tv_us(&old.it_value) > 0 &&
		     tv_us(&old.it_value) <= 999999,
		     "tv_usec 999999 accepted (%lld us left)",
		     tv_us(&old.it_value));
}

static void test_disarm(void)
{
	siginfo_t info;
	struct itimerval cur;

	set(ITIMER_REAL, 60000000, 0, NULL);
	TST_EXP_PASS(setitimer(ITIMER_REAL, &(struct itimerval){{0, 0},
			{0, 0}}, NULL), "setitimer(ITIMER_REAL, 0)");
	getitimer(ITIMER_REAL, &cur);
	TST_EXP_EXPR(tv_us(&cur.it_value) == 0, "ITIMER_REAL disarmed");
	set(ITIMER_PROF, 60000000, 0, NULL);
	set(ITIMER_PROF, 0, 0, NULL);
	getitimer(ITIMER_PROF, &cur);
	TST_EXP_EXPR(tv_us(&cur.it_value) == 0, "ITIMER_PROF disarmed");
	TST_EXP_EXPR(!tev_wait_signal(SIGALRM, 50, &info),
		     "no SIGALRM from the disarmed timer");
}

static void run(unsigned int n)
{
	tev_drain_signal(SIGALRM);
	switch (n) {
	case 0:
		test_real();
		break;
	case 1:
		test_real_periodic();
		break;
	case 2:
		test_cpu(ITIMER_VIRTUAL, SIGVTALRM, "ITIMER_VIRTUAL");
		break;
	case 3:
		test_cpu(ITIMER_PROF, SIGPROF, "ITIMER_PROF");
		break;
	case 4:
		test_old_value();
		break;
	case 5:
		test_disarm();
		break;
	}
}

static void setup(void)
{
	tev_sigmask(SIG_BLOCK, SIGALRM);
	tev_sigmask(SIG_BLOCK, SIGVTALRM);
	tev_sigmask(SIG_BLOCK, SIGPROF);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
};
