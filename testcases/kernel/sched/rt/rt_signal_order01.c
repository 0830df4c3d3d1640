// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signal and timer delivery order, what realtime programs rely on:
 *  - pending signals are taken lowest number first: with SIGUSR1 and
 *    SIGRTMIN..SIGRTMIN+2 queued in mixed order (sigqueue() values
 *    1..6), sigwaitinfo() returns SIGUSR1, then SIGRTMIN (values in
 *    queue order), SIGRTMIN+1, SIGRTMIN+2 (in queue order): realtime
 *    signals queue, FIFO per signal; a second SIGUSR1 sent while one is
 *    pending is merged (nothing more to take: EAGAIN);
 *  - two POSIX timers (CLOCK_MONOTONIC, absolute) sending the same
 *    realtime signal, armed in reverse order, 10 ms apart, the earlier
 *    50 ms times LTP_TIMEOUT_MUL ahead (both are armed before either
 *    expires): the signal of the earlier expiry comes first (the task is
 *    pinned to one CPU, so both hrtimers expire in order on it);
 *  - a 1 ms periodic timer whose signal stays blocked for 100 ms reports
 *    the missed periods: si_overrun >= 50, and timer_getoverrun() equals
 *    si_overrun. The count comes from the clock, not from interrupts,
 *    so a slow guest cannot lower it.
 */
#include <signal.h>
#include <time.h>
#include "sched_common.h"

#define MS	1000000LL

static pid_t me;

static void queue(int sig, int val)
{
	union sigval v = { .sival_int = val };

	if (sigqueue(me, sig, v))
		tst_brk(TBROK | TERRNO, "sigqueue(%d)", sig);
}

static void mixed_order(void)
{
	struct { int sig, val; } expect[] = {
		{ SIGUSR1, 5 }, { SIGRTMIN, 2 }, { SIGRTMIN, 4 },
		{ SIGRTMIN + 1, 6 }, { SIGRTMIN + 2, 1 }, { SIGRTMIN + 2, 3 },
	};
	struct timespec zero = { 0, 0 };
	siginfo_t si;
	sigset_t set;
	unsigned int i, bad = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	sigaddset(&set, SIGRTMIN + 2);
	queue(SIGRTMIN + 2, 1);
	queue(SIGRTMIN, 2);
	queue(SIGRTMIN + 2, 3);
	queue(SIGRTMIN, 4);
	queue(SIGUSR1, 5);
	queue(SIGRTMIN + 1, 6);
	queue(SIGUSR1, 7);	/* merged with the pending SIGUSR1 */
	for (i = 0; i < sizeof(expect) / sizeof(expect[0]); i++) {
		if (sigtimedwait(&set, &si, &zero) < 0)
			tst_brk(TBROK | TERRNO, "sigtimedwait #%u", i);
		if (si.si_signo != expect[i].sig ||
		    si.si_value.sival_int != expect[i].val) {
			tst_res(TFAIL, "signal #%u: %s value %d, expected %s "
				"value %d", i, tst_strsig(si.si_signo),
				si.si_value.sival_int,
				tst_strsig(expect[i].sig), expect[i].val);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "6 signals taken lowest number first, realtime "
			"ones in queue order");
	TST_EXP_FAIL(sigtimedwait(&set, &si, &zero), EAGAIN,
		     "nothing left (the second SIGUSR1 was merged)");
}

static timer_t make_timer(int sig, int val)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL,
		.sigev_signo = sig,
		.sigev_value.sival_int = val,
	};
	timer_t t;

	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		tst_brk(TBROK | TERRNO, "timer_create");
	return t;
}

static void timer_order(void)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	struct timespec now;
	timer_t t1 = make_timer(SIGRTMIN, 1), t2 = make_timer(SIGRTMIN, 2);
	long long base;
	siginfo_t si;
	sigset_t set;
	int first, second;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	clock_gettime(CLOCK_MONOTONIC, &now);
	/*
	 * Both must be armed before the earlier expiry, or the later timer
	 * may fire before the earlier one exists: the task is SCHED_OTHER
	 * on a CPU other tests share, and its vCPU may be held off by the
	 * host, so the time it has for the two calls is scaled.
	 */
	base = now.tv_sec * 1000 * MS + now.tv_nsec +
	       50 * MS * tst_timeout_mul();
	/* the later one first */
	its.it_value.tv_sec = (base + 10 * MS) / (1000 * MS);
	its.it_value.tv_nsec = (base + 10 * MS) % (1000 * MS);
	if (timer_settime(t2, TIMER_ABSTIME, &its, NULL))
		tst_brk(TBROK | TERRNO, "timer_settime(t2)");
	its.it_value.tv_sec = base / (1000 * MS);
	its.it_value.tv_nsec = base % (1000 * MS);
	if (timer_settime(t1, TIMER_ABSTIME, &its, NULL))
		tst_brk(TBROK | TERRNO, "timer_settime(t1)");
	if (sigwaitinfo(&set, &si) < 0)
		tst_brk(TBROK | TERRNO, "sigwaitinfo");
	first = si.si_value.sival_int;
	if (sigwaitinfo(&set, &si) < 0)
		tst_brk(TBROK | TERRNO, "sigwaitinfo");
	second = si.si_value.sival_int;
	if (first == 1 && second == 2)
		tst_res(TPASS, "the earlier timer's signal came first");
	else
		tst_res(TFAIL, "timer signals came in the order %d, %d",
			first, second);
	timer_delete(t1);
	timer_delete(t2);
}

static void overrun(void)
{
	struct itimerspec its = { { 0, MS }, { 0, MS } };
	struct timespec nap = { 0, 100 * MS };
	timer_t t = make_timer(SIGRTMIN + 1, 9);
	siginfo_t si;
	sigset_t set;
	int ov;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 1);
	if (timer_settime(t, 0, &its, NULL))
		tst_brk(TBROK | TERRNO, "timer_settime(periodic)");
	while (nanosleep(&nap, &nap))
		;
	if (sigwaitinfo(&set, &si) < 0)
		tst_brk(TBROK | TERRNO, "sigwaitinfo");
	ov = timer_getoverrun(t);
	timer_delete(t);
	if (si.si_overrun >= 50)
		tst_res(TPASS, "si_overrun %d after 100 ms blocked",
			si.si_overrun);
	else
		tst_res(TFAIL, "si_overrun %d after 100 ms of a 1 ms timer",
			si.si_overrun);
	TST_EXP_EQ_LI(ov, si.si_overrun);
}

static void run(void)
{
	sigset_t set;

	me = getpid();
	pin_to(test_cpu);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	sigaddset(&set, SIGRTMIN + 2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask");
	mixed_order();
	timer_order();
	overrun();
}

static void setup(void)
{
	pick_test_cpu();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
