// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep() sleeps at least as long as asked, measured on
 * CLOCK_MONOTONIC, for 0 ns, 1 us, 999999999 ns and 20 ms. A signal
 * handler ends the sleep with EINTR, with or without SA_RESTART, and rem
 * then holds the time left: above 0, at most the request, at least the
 * request minus the time slept. Stopped by SIGSTOP and continued, a sleep
 * without a handler resumes and lasts its full length.
 */
#include "time_event.h"
#include "task_wait.h"

#define LONG_SLEEP_NS	(10 * NSEC_PER_SEC)

/* The system call itself: glibc's nanosleep() calls clock_nanosleep. */
static long sys_nanosleep(const struct timespec *req, struct timespec *rem)
{
	return syscall(SYS_nanosleep, req, rem);
}

static void test_durations(void)
{
	static const long long lengths[] = {
		0, 1000, NSEC_PER_SEC - 1, 20 * NSEC_PER_MSEC,
	};
	struct timespec req;
	long long start, slept;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lengths); i++) {
		req = ns_ts(lengths[i]);
		start = clock_ns(CLOCK_MONOTONIC);
		TST_EXP_PASS(sys_nanosleep(&req, NULL), "nanosleep(%lld ns)",
			     lengths[i]);
		slept = clock_ns(CLOCK_MONOTONIC) - start;
		TST_EXP_EXPR(slept >= lengths[i], "slept %lld ns >= %lld ns",
			     slept, lengths[i]);
	}
}

static void handler(int sig)
{
	(void)sig;
}

static void child_interrupted(int sa_flags)
{
	struct timespec req = ns_ts(LONG_SLEEP_NS), rem = {-1, -1};
	long long start, elapsed, left;

	tev_sigaction(SIGUSR1, handler, sa_flags);
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_FAIL(sys_nanosleep(&req, &rem), EINTR, "nanosleep(10 s) "
		     "interrupted by a handler (%s)",
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

static void test_interrupted(int sa_flags)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child_interrupted(sa_flags);
	wait_task_in_syscall(pid, __NR_nanosleep);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void test_stop_cont(void)
{
	struct timespec req = {0, 300 * NSEC_PER_MSEC};
	long long start;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		start = clock_ns(CLOCK_MONOTONIC);
		TST_EXP_PASS(sys_nanosleep(&req, NULL), "nanosleep(300 ms) "
			     "stopped and continued");
		TST_EXP_EXPR(clock_ns(CLOCK_MONOTONIC) - start >=
			     300 * NSEC_PER_MSEC, "it lasted its full 300 ms");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_nanosleep);
	SAFE_KILL(pid, SIGSTOP);
	wait_task_state(pid, pid, "Tt");
	SAFE_KILL(pid, SIGCONT);
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_durations();
		break;
	case 1:
		test_interrupted(0);
		break;
	case 2:
		test_interrupted(SA_RESTART);
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
