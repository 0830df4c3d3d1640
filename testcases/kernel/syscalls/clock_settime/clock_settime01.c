// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_settime() refusals that leave every clock alone, so the test is
 * safe on any machine. As nobody: EPERM for CLOCK_REALTIME (the value
 * given is the current time, so even a kernel that wrongly accepted it
 * would change nothing); but the arguments are checked first: EINVAL for
 * tv_nsec outside [0, 1e9) and for a negative tv_sec, EINVAL for the
 * clocks that cannot be set (MONOTONIC, MONOTONIC_RAW, BOOTTIME, TAI,
 * the coarse clocks, CLOCK_PROCESS_CPUTIME_ID) and for invalid ids,
 * EFAULT for an unmapped value. A CPU clock addressed by pid can never be
 * set: EPERM even for root, EINVAL when the pid cannot exist.
 * Setting CLOCK_REALTIME as root is clock_settime02 (test VMs only).
 */
#include <limits.h>
#include "time_event.h"
#include "task_wait.h"
#include "lapi/time.h"

static void *bad_addr;

static int settime(clockid_t clk, const struct timespec *ts)
{
	return syscall(SYS_clock_settime, clk, ts);
}

static void as_nobody(void)
{
	static const clockid_t unsettable[] = {
		CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_BOOTTIME,
		CLOCK_TAI, CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, 10, 16,
		INT_MAX,
	};
	struct timespec ts;
	unsigned int i;

	clock_gettime(CLOCK_REALTIME, &ts);
	TST_EXP_FAIL(settime(CLOCK_REALTIME, &ts), EPERM,
		     "clock_settime(CLOCK_REALTIME, now) as nobody");

	ts.tv_nsec = NSEC_PER_SEC;
	TST_EXP_FAIL(settime(CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, tv_nsec = 1e9) as nobody");
	ts.tv_nsec = -1;
	TST_EXP_FAIL(settime(CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, tv_nsec = -1) as nobody");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	TST_EXP_FAIL(settime(CLOCK_REALTIME, &ts), EINVAL,
		     "clock_settime(CLOCK_REALTIME, tv_sec = -1) as nobody");

	for (i = 0; i < ARRAY_SIZE(unsettable); i++) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		TST_EXP_FAIL(settime(unsettable[i], &ts), EINVAL,
			     "clock_settime(%d) as nobody", (int)unsettable[i]);
	}

	TST_EXP_FAIL(settime(CLOCK_REALTIME, bad_addr), EFAULT,
		     "clock_settime(CLOCK_REALTIME, unmapped) as nobody");
}

static void test_nobody(void)
{
	tev_as_nobody(as_nobody);
}

static void test_cpu_clocks(void)
{
	pid_t unused = unused_pid();
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	TST_EXP_FAIL(settime(tev_process_clock(0, TEV_CPUCLOCK_SCHED), &ts),
		     EPERM, "clock_settime(own process CPU clock by pid)");
	TST_EXP_FAIL(settime(tev_thread_clock(gettid(), TEV_CPUCLOCK_SCHED),
			     &ts), EPERM,
		     "clock_settime(own thread CPU clock by tid)");
	TST_EXP_FAIL(settime(tev_process_clock(unused, TEV_CPUCLOCK_SCHED),
			     &ts), EINVAL, "clock_settime(CPU clock of pid "
		     "%d, which cannot exist)", (int)unused);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_nobody();
	else
		test_cpu_clocks();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
