// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Time namespaces (CLONE_NEWTIME, Linux 5.6): after unshare() the caller
 * stays in its old namespace and writes /proc/self/timens_offsets
 * (CLOCK_MONOTONIC +100 s, CLOCK_BOOTTIME +200 s); a child it then forks
 * is in the new one and reads both clocks moved by exactly those offsets
 * (within the time the two readings are apart), through the vDSO and the
 * system call alike, CLOCK_REALTIME unmoved; the caller's own clocks do
 * not move. Once a process is inside, the offsets cannot be written
 * again (EACCES). An absolute CLOCK_MONOTONIC clock_nanosleep() in the
 * child, 200 ms ahead of its own clock, sleeps about that long (not 100 s
 * more, and not less).
 * Syscalls: clock_gettime, clock_nanosleep, unshare
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include "tst_test.h"

#ifndef CLONE_NEWTIME
# define CLONE_NEWTIME 0x00000080
#endif

#define NS 1000000000LL

static long long ns_of(clockid_t clk, int raw)
{
	struct timespec ts;

	if (raw)
		syscall(__NR_clock_gettime, clk, &ts);
	else
		clock_gettime(clk, &ts);
	return ts.tv_sec * NS + ts.tv_nsec;
}

static int near(long long got, long long want, long long slack)
{
	return got >= want && got <= want + slack;
}

static void inside(long long m0, long long b0, long long r0)
{
	long long slack = 10 * NS * tst_timeout_mul();
	long long m, b, r, start, end;
	struct timespec target;
	int raw;

	for (raw = 0; raw < 2; raw++) {
		m = ns_of(CLOCK_MONOTONIC, raw);
		b = ns_of(CLOCK_BOOTTIME, raw);
		r = ns_of(CLOCK_REALTIME, raw);
		TST_EXP_EXPR(near(m, m0 + 100 * NS, slack) &&
			     near(b, b0 + 200 * NS, slack) &&
			     near(r, r0, slack), "inside, %s: MONOTONIC +%.3f s, "
			     "BOOTTIME +%.3f s, REALTIME +%.3f s (want +100, "
			     "+200, +0)", raw ? "syscall" : "vDSO",
			     (m - m0) / 1e9, (b - b0) / 1e9, (r - r0) / 1e9);
	}
	start = ns_of(CLOCK_MONOTONIC, 1);
	target.tv_sec = (start + 200000000LL) / NS;
	target.tv_nsec = (start + 200000000LL) % NS;
	TST_EXP_PASS(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target,
				     NULL), "absolute clock_nanosleep() inside");
	end = ns_of(CLOCK_MONOTONIC, 1);
	TST_EXP_EXPR(end >= start + 200000000LL && end < start + slack,
		     "it slept %.3f s for a target 0.2 s ahead", (end - start) /
		     1e9);
	exit(0);
}

static void unsharer(void)
{
	long long m0, b0, r0, m;
	pid_t pid;
	FILE *f;

	if (unshare(CLONE_NEWTIME)) {
		if (errno == EINVAL)
			tst_brk(TCONF, "no time namespaces (CONFIG_TIME_NS)");
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWTIME)");
	}
	f = fopen("/proc/self/timens_offsets", "w");
	if (!f || fprintf(f, "monotonic 100 0\nboottime 200 0\n") < 0 ||
	    fclose(f))
		tst_brk(TBROK | TERRNO, "writing timens_offsets");
	m0 = ns_of(CLOCK_MONOTONIC, 1);
	b0 = ns_of(CLOCK_BOOTTIME, 1);
	r0 = ns_of(CLOCK_REALTIME, 1);
	pid = SAFE_FORK();
	if (!pid)
		inside(m0, b0, r0);
	reap_child(pid);
	m = ns_of(CLOCK_MONOTONIC, 0);
	TST_EXP_EXPR(m >= m0 && m < m0 + 50 * NS, "the unsharing process's "
		     "own MONOTONIC did not move (+%.3f s)", (m - m0) / 1e9);
	f = fopen("/proc/self/timens_offsets", "w");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(timens_offsets)");
	setvbuf(f, NULL, _IONBF, 0);
	TST_EXP_EXPR(fprintf(f, "monotonic 5 0\n") < 0 && errno == EACCES,
		     "offsets written again once a process entered: EACCES");
	fclose(f);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		unsharer();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.min_kver = "5.6",
};
