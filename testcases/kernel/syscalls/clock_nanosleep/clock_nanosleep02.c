// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() interrupted by a signal handler fails with EINTR, also
 * when the handler has SA_RESTART (sleeps are never restarted after a
 * handler). A relative sleep stores the time left in rem: more than 0, no
 * more than asked, and at least what was asked minus the time that
 * passed. An absolute sleep leaves rem alone. A sleep stopped by SIGSTOP
 * and continued without a handler resumes and lasts its full length.
 */
#include "time_event.h"
#include "task_wait.h"

#define LONG_SLEEP_NS	(10 * NSEC_PER_SEC)
#define SHORT_SLEEP_NS	(300 * NSEC_PER_MSEC)

static void handler(int sig)
{
	(void)sig;
}

static long nsleep(clockid_t clk, int flags, const struct timespec *req,
		   struct timespec *rem)
{
	return syscall(SYS_clock_nanosleep, clk, flags, req, rem);
}

static void child_relative(int sa_flags)
{
	struct timespec req = ns_ts(LONG_SLEEP_NS), rem = {-1, -1};
	long long start, elapsed, left;

	tev_sigaction(SIGUSR1, handler, sa_flags);
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_FAIL(nsleep(CLOCK_MONOTONIC, 0, &req, &rem), EINTR,
		     "relative clock_nanosleep() interrupted (%s)",
		     sa_flags ? "SA_RESTART" : "no SA_RESTART");
	elapsed = clock_ns(CLOCK_MONOTONIC) - start;
	left = ts_ns(&rem);
	/* the deadline carries the task's timer slack (50 us by default) */
	TST_EXP_EXPR(rem.tv_nsec >= 0 && rem.tv_nsec < NSEC_PER_SEC &&
		     left > 0 && left <= LONG_SLEEP_NS + NSEC_PER_MSEC &&
		     left >= LONG_SLEEP_NS - elapsed,
		     "rem = %lld ns: in (0, 10 s], >= 10 s - %lld ns slept",
		     left, elapsed);
	exit(0);
}

static void child_absolute(void)
{
	struct timespec req, rem = {-1, -1};

	tev_sigaction(SIGUSR1, handler, 0);
	req = ns_ts(clock_ns(CLOCK_MONOTONIC) + LONG_SLEEP_NS);
	TST_EXP_FAIL(nsleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, &rem),
		     EINTR, "absolute clock_nanosleep() interrupted");
	TST_EXP_EXPR(rem.tv_sec == -1 && rem.tv_nsec == -1,
		     "rem left alone by an absolute sleep");
	exit(0);
}

static void interrupt(void (*child_fn)(int), int sa_flags)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child_fn(sa_flags);
	wait_task_in_syscall(pid, __NR_clock_nanosleep);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void child_absolute_fn(int unused)
{
	(void)unused;
	child_absolute();
}

static void child_stopped(int unused)
{
	struct timespec req = ns_ts(SHORT_SLEEP_NS);
	long long start;

	(void)unused;
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_PASS(nsleep(CLOCK_MONOTONIC, 0, &req, NULL),
		     "clock_nanosleep(300 ms) stopped and continued");
	TST_EXP_EXPR(clock_ns(CLOCK_MONOTONIC) - start >= SHORT_SLEEP_NS,
		     "it lasted its full 300 ms");
	exit(0);
}

static void test_stop_cont(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child_stopped(0);
	wait_task_in_syscall(pid, __NR_clock_nanosleep);
	SAFE_KILL(pid, SIGSTOP);
	wait_task_state(pid, pid, "Tt");
	SAFE_KILL(pid, SIGCONT);
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		interrupt(child_relative, 0);
		break;
	case 1:
		interrupt(child_relative, SA_RESTART);
		break;
	case 2:
		interrupt(child_absolute_fn, 0);
		break;
	case 3:
		test_stop_cont();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.forks_child = 1,
};
