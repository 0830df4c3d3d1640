// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_delete() stops and removes a timer: a deleted periodic timer
 * sends no more signals, and its id is then unknown to timer_gettime(),
 * timer_settime(), timer_getoverrun() and timer_delete() (EINVAL). Other
 * timers keep running. EINVAL for an id never created and a negative one.
 * A child of fork() cannot delete its parent's timers.
 */
#include <limits.h>
#include "time_event.h"

#define MS NSEC_PER_MSEC

static void test_stops(void)
{
	struct itimerspec cur, its = {{0, 0}, {1, 0}};
	int id, other;
	siginfo_t info;

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0);
	other = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	ktimer_arm(other, 0, 60 * NSEC_PER_SEC, 0);
	ktimer_arm(id, 0, 5 * MS, 5 * MS);
	if (!tev_wait_signal(SIGUSR1, 10000, &info))
		tst_res(TFAIL, "no signal from a 5 ms periodic timer");

	TST_EXP_PASS(ktimer_delete(id), "timer_delete(running periodic "
		     "timer)");
	tev_drain_signal(SIGUSR1);
	usleep(50000);
	TST_EXP_EXPR(!tev_signal_pending(SIGUSR1), "no signal in the 50 ms "
		     "after the deletion");

	TST_EXP_FAIL(ktimer_gettime(id, &cur), EINVAL,
		     "timer_gettime(deleted timer)");
	TST_EXP_FAIL(ktimer_settime(id, 0, &its, NULL), EINVAL,
		     "timer_settime(deleted timer)");
	TST_EXP_FAIL(ktimer_getoverrun(id), EINVAL,
		     "timer_getoverrun(deleted timer)");
	TST_EXP_FAIL(ktimer_delete(id), EINVAL, "timer_delete() twice");

	if (ktimer_gettime(other, &cur))
		tst_brk(TBROK | TERRNO, "timer_gettime(other)");
	TST_EXP_EXPR(ts_ns(&cur.it_value) > NSEC_PER_SEC,
		     "another timer still runs (%lld ns left)",
		     ts_ns(&cur.it_value));
	TST_EXP_PASS(ktimer_delete(other), "timer_delete(armed SIGEV_NONE "
		     "timer)");
}

static void test_errors(void)
{
	int id;
	pid_t pid;

	TST_EXP_FAIL(ktimer_delete(INT_MAX), EINVAL,
		     "timer_delete(id INT_MAX, never created)");
	TST_EXP_FAIL(ktimer_delete(-1), EINVAL, "timer_delete(id -1)");

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(ktimer_delete(id), EINVAL,
			     "timer_delete(parent's timer) in a fork() child");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_PASS(ktimer_delete(id), "the parent deletes its own timer");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_stops();
	else
		test_errors();
}

static void setup(void)
{
	tev_sigmask(SIG_BLOCK, SIGUSR1);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
