// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * alarm(2), called raw, in a child so the test process keeps its timers:
 * - with no alarm set it returns 0; set again, it returns the seconds that
 *   were left of the previous one (no more than set, no less than set
 *   minus the time that passed), and the new value is armed (getitimer());
 * - alarm(0) returns what was left and cancels: ITIMER_REAL reads 0;
 * - a forked child does not inherit the alarm;
 * - alarm(1) delivers SIGALRM (si_code SI_KERNEL) no earlier than 1 s
 *   later, after which nothing is left (alarm(0) returns 0);
 * - SIGALRM's default action ends a process sleeping in pause().
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/wait.h>
#include "time_event.h"
#include "task_wait.h"

static long sys_alarm(unsigned int sec)
{
	return syscall(__NR_alarm, sec);
}

static long itimer_real_sec(void)
{
	struct itimerval it;

	if (getitimer(ITIMER_REAL, &it))
		tst_brk(TBROK | TERRNO, "getitimer(ITIMER_REAL)");
	return it.it_value.tv_sec + (it.it_value.tv_usec > 0);
}

static void child(void)
{
	long long start, passed;
	siginfo_t si;
	long left;
	pid_t pid;

	TST_EXP_VAL(sys_alarm(0), 0, "alarm(0) with no alarm set");
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(sys_alarm(100), 0, "alarm(100) with no alarm set");
	left = itimer_real_sec();
	TST_EXP_EXPR(left > 0 && left <= 100, "ITIMER_REAL armed: %ld s "
		     "left", left);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(sys_alarm(0), 0, "the forked child has no alarm");
		exit(0);
	}
	reap_child(pid);

	left = sys_alarm(50);
	passed = (clock_ns(CLOCK_MONOTONIC) - start) / NSEC_PER_SEC;
	TST_EXP_EXPR(left <= 100 && left >= 100 - passed - 1,
		     "alarm(50) returned %ld s left of alarm(100), %lld s "
		     "passed", left, passed);
	left = itimer_real_sec();
	TST_EXP_EXPR(left > 0 && left <= 50, "ITIMER_REAL rearmed: %ld s "
		     "left (<= 50)", left);
	left = sys_alarm(0);
	TST_EXP_EXPR(left > 0 && left <= 50, "alarm(0) returned %ld s left "
		     "(<= 50)", left);
	TST_EXP_EQ_LI(itimer_real_sec(), 0);
	TST_EXP_VAL(sys_alarm(0), 0, "alarm(0) again: nothing left");

	tev_sigmask(SIG_BLOCK, SIGALRM);
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(sys_alarm(1), 0, "alarm(1)");
	if (!tev_wait_signal(SIGALRM, 10000, &si)) {
		tst_res(TFAIL, "no SIGALRM within 10 s of alarm(1)");
		return;
	}
	passed = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(si.si_code == SI_KERNEL && passed >= NSEC_PER_SEC,
		     "SIGALRM with si_code %d (SI_KERNEL %d) after %lld ms "
		     "(>= 1000)", si.si_code, SI_KERNEL,
		     passed / NSEC_PER_MSEC);
	TST_EXP_VAL(sys_alarm(0), 0, "alarm(0) after the alarm fired");
	tev_sigmask(SIG_UNBLOCK, SIGALRM);
}

static void run(void)
{
	pid_t pid;
	int status;

	pid = SAFE_FORK();
	if (!pid) {
		child();
		exit(0);
	}
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid) {
		sys_alarm(1);
		for (;;)
			syscall(__NR_pause);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM,
		     "a child in pause() was ended by its SIGALRM (status "
		     "0x%x)", status);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
