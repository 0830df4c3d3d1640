// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_getres() gives every clock a resolution above 0 and below one
 * second; a NULL result pointer is allowed. The high-resolution clocks
 * (REALTIME, MONOTONIC, MONOTONIC_RAW, BOOTTIME, TAI) share one
 * resolution, the coarse clocks' is no finer than it, and the vDSO answers
 * what the system call answers. The CPU clocks report a resolution too,
 * for the caller's pid and tid and for another process.
 */
#include "time_event.h"
#include "lapi/time.h"

static const struct {
	clockid_t id;
	const char *name;
} clocks[] = {
	{CLOCK_REALTIME, "CLOCK_REALTIME"},
	{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
	{CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID"},
	{CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID"},
	{CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW"},
	{CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE"},
	{CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE"},
	{CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
	{CLOCK_TAI, "CLOCK_TAI"},
};

/* Resolution in ns through the system call; -1 when it failed. */
static long long getres_ns(clockid_t clk, const char *name)
{
	struct timespec ts = {-1, -1};

	TEST(syscall(SYS_clock_getres, clk, &ts));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "clock_getres(%s)", name);
		return -1;
	}
	if (ts.tv_sec != 0 || ts.tv_nsec <= 0 || ts.tv_nsec >= NSEC_PER_SEC) {
		tst_res(TFAIL, "clock_getres(%s) = %lld.%09ld: not in (0, 1 s)",
			name, (long long)ts.tv_sec, ts.tv_nsec);
		return -1;
	}
	return ts.tv_nsec;
}

static void test_each_clock(void)
{
	struct timespec vdso;
	unsigned int i;
	long long res;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		res = getres_ns(clocks[i].id, clocks[i].name);
		if (res < 0)
			continue;
		tst_res(TPASS, "clock_getres(%s) = %lld ns", clocks[i].name,
			res);
		TST_EXP_PASS(syscall(SYS_clock_getres, clocks[i].id, NULL),
			     "clock_getres(%s, NULL)", clocks[i].name);
		if (clock_getres(clocks[i].id, &vdso))
			tst_brk(TBROK | TERRNO, "libc clock_getres(%s)",
				clocks[i].name);
		TST_EXP_EXPR(ts_ns(&vdso) == res, "libc/vDSO clock_getres(%s) "
			     "agrees (%lld ns)", clocks[i].name, ts_ns(&vdso));
	}
}

static void test_relations(void)
{
	static const clockid_t hres[] = {
		CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_BOOTTIME,
		CLOCK_TAI,
	};
	long long real, other, coarse;
	unsigned int i;

	real = getres_ns(CLOCK_REALTIME, "CLOCK_REALTIME");
	if (real < 0)
		return;
	for (i = 0; i < ARRAY_SIZE(hres); i++) {
		other = getres_ns(hres[i], "high-resolution clock");
		TST_EXP_EXPR(other == real, "clock %d has CLOCK_REALTIME's "
			     "resolution (%lld == %lld ns)", (int)hres[i],
			     other, real);
	}
	coarse = getres_ns(CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE");
	TST_EXP_EXPR(coarse >= real, "CLOCK_MONOTONIC_COARSE resolution "
		     "(%lld ns) no finer than CLOCK_MONOTONIC's (%lld ns)",
		     coarse, real);
	other = getres_ns(CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE");
	TST_EXP_EQ_LI(other, coarse);
}

static void test_cpu_clocks(void)
{
	long long own, by_pid, by_tid, child_res;
	pid_t child;

	own = getres_ns(CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID");
	by_pid = getres_ns(tev_process_clock(getpid(), TEV_CPUCLOCK_SCHED),
			   "CPU clock of the caller's pid");
	by_tid = getres_ns(tev_thread_clock(gettid(), TEV_CPUCLOCK_SCHED),
			   "CPU clock of the caller's tid");
	TST_EXP_EXPR(own > 0 && by_pid == own && by_tid == own,
		     "the pid and tid CPU clocks have the resolution of "
		     "CLOCK_PROCESS_CPUTIME_ID (%lld, %lld, %lld ns)", own,
		     by_pid, by_tid);

	child = SAFE_FORK();
	if (!child) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	child_res = getres_ns(tev_process_clock(child, TEV_CPUCLOCK_SCHED),
			      "CPU clock of another process");
	TST_EXP_EXPR(child_res == own, "another process's CPU clock has the "
		     "same resolution (%lld ns)", child_res);
	TST_CHECKPOINT_WAKE(0);
	reap_child(child);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_each_clock();
		break;
	case 1:
		test_relations();
		break;
	case 2:
		test_cpu_clocks();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
