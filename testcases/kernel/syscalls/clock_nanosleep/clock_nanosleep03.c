// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() errors, through the system call (glibc returns the
 * error number instead, and answers CLOCK_THREAD_CPUTIME_ID itself):
 * EINVAL for invalid clock ids, for tv_nsec outside [0, 1e9) and a
 * negative tv_sec (relative and absolute), and for the caller's own
 * thread CPU clock; EOPNOTSUPP for clocks without sleeping support
 * (CLOCK_THREAD_CPUTIME_ID, MONOTONIC_RAW, the coarse clocks); EFAULT for
 * an unmapped request, and for an unmapped rem when the sleep is
 * interrupted. The alarm clocks need CAP_WAKE_ALARM: EPERM as nobody.
 */
#include <limits.h>
#include "time_event.h"
#include "task_wait.h"
#include "lapi/time.h"

static void *bad_addr;

static long nsleep(clockid_t clk, int flags, const struct timespec *req,
		   struct timespec *rem)
{
	return syscall(SYS_clock_nanosleep, clk, flags, req, rem);
}

static void test_einval(void)
{
	static const clockid_t bad_ids[] = {10, 12, 16, INT_MAX};
	static const struct timespec bad_ts[] = {
		{0, NSEC_PER_SEC}, {0, -1}, {-1, 0}, {-1, NSEC_PER_SEC - 1},
	};
	struct timespec ok = {0, 1000};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_ids); i++)
		TST_EXP_FAIL(nsleep(bad_ids[i], 0, &ok, NULL), EINVAL,
			     "clock_nanosleep(clock %d)", (int)bad_ids[i]);
	for (i = 0; i < ARRAY_SIZE(bad_ts); i++) {
		TST_EXP_FAIL(nsleep(CLOCK_MONOTONIC, 0, &bad_ts[i], NULL),
			     EINVAL, "clock_nanosleep(CLOCK_MONOTONIC, "
			     "{%lld, %ld})", (long long)bad_ts[i].tv_sec,
			     bad_ts[i].tv_nsec);
		TST_EXP_FAIL(nsleep(CLOCK_REALTIME, TIMER_ABSTIME, &bad_ts[i],
				    NULL), EINVAL, "clock_nanosleep("
			     "CLOCK_REALTIME, TIMER_ABSTIME, {%lld, %ld})",
			     (long long)bad_ts[i].tv_sec, bad_ts[i].tv_nsec);
	}
	TST_EXP_FAIL(nsleep(tev_thread_clock(0, TEV_CPUCLOCK_SCHED), 0, &ok,
			    NULL), EINVAL, "clock_nanosleep(own thread CPU "
		     "clock)");
	TST_EXP_FAIL(nsleep(tev_thread_clock(gettid(), TEV_CPUCLOCK_SCHED), 0,
			    &ok, NULL), EINVAL, "clock_nanosleep(own thread "
		     "CPU clock by tid)");
}

static void test_eopnotsupp(void)
{
	static const struct {
		clockid_t id;
		const char *name;
	} clocks[] = {
		{CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID"},
		{CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW"},
		{CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE"},
		{CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE"},
	};
	struct timespec ok = {0, 1000};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(clocks); i++)
		TST_EXP_FAIL(nsleep(clocks[i].id, 0, &ok, NULL), EOPNOTSUPP,
			     "clock_nanosleep(%s)", clocks[i].name);
}

static void handler(int sig)
{
	(void)sig;
}

static void test_efault(void)
{
	struct timespec req = {10, 0};
	pid_t pid;

	TST_EXP_FAIL(nsleep(CLOCK_MONOTONIC, 0, bad_addr, NULL), EFAULT,
		     "clock_nanosleep(CLOCK_MONOTONIC, unmapped request)");
	TST_EXP_FAIL(nsleep(CLOCK_REALTIME, TIMER_ABSTIME, NULL, NULL),
		     EFAULT, "clock_nanosleep(CLOCK_REALTIME, NULL request)");

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		TST_EXP_FAIL(nsleep(CLOCK_MONOTONIC, 0, &req, bad_addr),
			     EFAULT, "interrupted clock_nanosleep() with an "
			     "unmapped rem");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_clock_nanosleep);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void alarm_as_nobody(void)
{
	struct timespec past = {0, 1};

	TST_EXP_FAIL(nsleep(CLOCK_REALTIME_ALARM, TIMER_ABSTIME, &past, NULL),
		     EPERM, "clock_nanosleep(CLOCK_REALTIME_ALARM) as nobody");
	TST_EXP_FAIL(nsleep(CLOCK_BOOTTIME_ALARM, TIMER_ABSTIME, &past, NULL),
		     EPERM, "clock_nanosleep(CLOCK_BOOTTIME_ALARM) as nobody");
}

static void test_alarm(void)
{
	struct timespec past = {0, 1};

	if (geteuid()) {
		tst_res(TCONF, "not root: alarm clock checks skipped");
		return;
	}
	/* alarm clocks exist only with an RTC device that can wake us */
	TEST(nsleep(CLOCK_REALTIME_ALARM, TIMER_ABSTIME, &past, NULL));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP) {
		tst_res(TCONF, "no wake-up capable RTC: no alarm clocks");
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "clock_nanosleep(CLOCK_REALTIME_ALARM,"
			" TIMER_ABSTIME, past) as root");
		return;
	}
	tst_res(TPASS, "clock_nanosleep(CLOCK_REALTIME_ALARM, TIMER_ABSTIME, "
		"past) as root returned at once");
	tev_as_nobody(alarm_as_nobody);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_einval();
		break;
	case 1:
		test_eopnotsupp();
		break;
	case 2:
		test_efault();
		break;
	case 3:
		test_alarm();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
