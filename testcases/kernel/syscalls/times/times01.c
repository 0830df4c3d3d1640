// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * times(): the process's own CPU time shows in tms_utime + tms_stime
 * (after burning 300 ms of CPU at least 20 ticks of _SC_CLK_TCK are
 * there), a waited-for child's CPU time shows in tms_cutime + tms_cstime
 * and not before it is reaped, the return value (clock ticks since an
 * arbitrary point) never goes back and moves on across a sleep, NULL is
 * allowed and returns the same clock, and an unmapped buffer is EFAULT.
 * The call is made with syscall(), as glibc's wrapper hides a return
 * value that looks like an error.
 */
#include <sys/times.h>
#include "time_event.h"

static void *bad_addr;
static long tck;

static long sys_times(struct tms *buf)
{
	return syscall(__NR_times, buf);
}

/* Burn ms milliseconds of this process's CPU time. */
static void burn_cpu(long long ms)
{
	long long end = clock_ns(CLOCK_PROCESS_CPUTIME_ID) + ms * NSEC_PER_MSEC;
	volatile unsigned long x = 0;
	int i;

	while (clock_ns(CLOCK_PROCESS_CPUTIME_ID) < end) {
		for (i = 0; i < 100000; i++)
			x += i;
	}
}

static void test_self(void)
{
	struct tms before, after;
	long min_ticks = tck / 5;

	sys_times(&before);
	burn_cpu(300);
	TEST(sys_times(&after));
	TST_EXP_EXPR(TST_RET != -1, "times(&buf) returned %ld", TST_RET);
	TST_EXP_EXPR((after.tms_utime + after.tms_stime) -
		     (before.tms_utime + before.tms_stime) >= min_ticks,
		     "300 ms of CPU show as %ld ticks of utime + stime "
		     "(at least %ld expected)",
		     (long)((after.tms_utime + after.tms_stime) -
			    (before.tms_utime + before.tms_stime)), min_ticks);
	TST_EXP_EXPR(after.tms_utime >= before.tms_utime &&
		     after.tms_stime >= before.tms_stime,
		     "utime and stime did not go back");
}

static void test_child(void)
{
	struct tms before, mid, after;
	long min_ticks = tck / 5;
	pid_t pid;

	sys_times(&before);
	pid = SAFE_FORK();
	if (!pid) {
		burn_cpu(300);
		exit(0);
	}
	/* The child's time is added when it is reaped, not before. */
	waitid(P_PID, pid, NULL, WEXITED | WNOWAIT);
	sys_times(&mid);
	reap_child(pid);
	sys_times(&after);
	TST_EXP_EXPR(mid.tms_cutime + mid.tms_cstime ==
		     before.tms_cutime + before.tms_cstime,
		     "an exited but unreaped child adds nothing to cutime + "
		     "cstime");
	TST_EXP_EXPR((after.tms_cutime + after.tms_cstime) -
		     (before.tms_cutime + before.tms_cstime) >= min_ticks,
		     "a reaped child's 300 ms show as %ld ticks of cutime + "
		     "cstime (at least %ld expected)",
		     (long)((after.tms_cutime + after.tms_cstime) -
			    (before.tms_cutime + before.tms_cstime)),
		     min_ticks);
}

static void test_clock(void)
{
	struct tms buf;
	long t1, t2, t3;

	t1 = sys_times(&buf);
	t2 = sys_times(NULL);
	usleep(200000);
	t3 = sys_times(&buf);
	TST_EXP_EXPR(t1 <= t2 && t2 < t3, "the return value moves on: %ld, "
		     "%ld (NULL buffer), %ld after 200 ms asleep", t1, t2, t3);
	TST_EXP_EXPR(t3 - t2 >= tck / 10, "200 ms asleep are %ld ticks "
		     "(at least %ld expected)", t3 - t2, tck / 10);
}

static void test_efault(void)
{
	TST_EXP_FAIL(sys_times(bad_addr), EFAULT, "times(unmapped buffer)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_self();
		break;
	case 1:
		test_child();
		break;
	case 2:
		test_clock();
		break;
	default:
		test_efault();
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	tck = sysconf(_SC_CLK_TCK);
	tst_res(TINFO, "_SC_CLK_TCK is %ld", tck);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
