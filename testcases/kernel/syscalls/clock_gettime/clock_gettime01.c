// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_gettime() reads every clock the kernel offers, with tv_nsec in
 * [0, 1e9). The monotonic clocks (MONOTONIC, MONOTONIC_RAW, BOOTTIME,
 * MONOTONIC_COARSE) never go back: not between the vDSO and the system
 * call, and not when the task moves from CPU to CPU (unsynchronised TSCs
 * have broken this; on s390 the vDSO's data were not kept up to date, so
 * that its readings and the system call's were apart, 5b43bd184530). The clocks keep their documented relations:
 * BOOTTIME >= MONOTONIC, a coarse clock lags its fine clock, TAI is
 * REALTIME plus a non-negative offset, time() agrees with REALTIME, and
 * the process CPU clock is at least the thread CPU clock.
 */
#include <sched.h>
#include <sys/time.h>
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

static const struct {
	clockid_t id;
	const char *name;
} monotonic[] = {
	{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
	{CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW"},
	{CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
	{CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE"},
};

static void test_all_clocks(void)
{
	struct timespec ts;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(clocks); i++) {
		ts.tv_sec = -1;
		ts.tv_nsec = -1;
		TEST(syscall(SYS_clock_gettime, clocks[i].id, &ts));
		if (TST_RET) {
			tst_res(TFAIL | TTERRNO, "clock_gettime(%s)",
				clocks[i].name);
			continue;
		}
		TST_EXP_EXPR(ts.tv_sec >= 0 && ts.tv_nsec >= 0 &&
			     ts.tv_nsec < NSEC_PER_SEC,
			     "clock_gettime(%s) = %lld.%09ld is normalised",
			     clocks[i].name, (long long)ts.tv_sec, ts.tv_nsec);
	}
}

/*
 * Alternate vDSO and system call reads; a clock that goes back even once
 * fails. Returns the number of reads.
 */
static long check_forward(clockid_t clk, const char *name, long long *prev,
			  long loops)
{
	struct timespec ts;
	long long now;
	long i;

	for (i = 0; i < loops; i++) {
		if (i & 1) {
			if (syscall(SYS_clock_gettime, clk, &ts))
				tst_brk(TBROK | TERRNO, "clock_gettime(%s)",
					name);
		} else {
			clock_gettime(clk, &ts);
		}
		now = ts_ns(&ts);
		if (now < *prev) {
			tst_res(TFAIL, "%s went back by %lld ns (%s read)",
				name, *prev - now, i & 1 ? "syscall" : "vDSO");
			*prev = -1;
			return i;
		}
		*prev = now;
	}
	return loops;
}

/* Read each monotonic clock on every CPU we may run on, twice round. */
static void test_monotonic(void)
{
	cpu_set_t allowed, one;
	long long prev[ARRAY_SIZE(monotonic)] = {0};
	unsigned int i, round, cpus = 0;
	int cpu;

	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	for (round = 0; round < 2; round++) {
		for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
			if (!CPU_ISSET(cpu, &allowed))
				continue;
			CPU_ZERO(&one);
			CPU_SET(cpu, &one);
			/* a CPU going offline meanwhile is not our business */
			if (sched_setaffinity(0, sizeof(one), &one))
				continue;
			cpus += !round;
			for (i = 0; i < ARRAY_SIZE(monotonic); i++) {
				if (prev[i] < 0)
					continue;
				check_forward(monotonic[i].id,
					      monotonic[i].name, &prev[i],
					      1000);
			}
		}
	}
	if (sched_setaffinity(0, sizeof(allowed), &allowed))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(restore)");
	for (i = 0; i < ARRAY_SIZE(monotonic); i++) {
		if (prev[i] >= 0)
			tst_res(TPASS, "%s never went back over %u CPU(s), "
				"vDSO and syscall", monotonic[i].name, cpus);
	}
}

static void test_relations(void)
{
	long long mono, boot, coarse, real, tai, thread, process;
	time_t secs;

	mono = clock_ns(CLOCK_MONOTONIC);
	boot = clock_ns(CLOCK_BOOTTIME);
	TST_EXP_EXPR(boot >= mono, "CLOCK_BOOTTIME (%lld) >= CLOCK_MONOTONIC "
		     "read before it (%lld)", boot, mono);

	coarse = clock_ns(CLOCK_MONOTONIC_COARSE);
	mono = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_EXPR(coarse <= mono, "CLOCK_MONOTONIC_COARSE (%lld) <= "
		     "CLOCK_MONOTONIC read after it (%lld)", coarse, mono);

	coarse = clock_ns(CLOCK_REALTIME_COARSE);
	real = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(coarse <= real, "CLOCK_REALTIME_COARSE (%lld) <= "
		     "CLOCK_REALTIME read after it (%lld)", coarse, real);

	real = clock_ns(CLOCK_REALTIME);
	tai = clock_ns(CLOCK_TAI);
	TST_EXP_EXPR(tai >= real && tai - real < 1000 * NSEC_PER_SEC,
		     "CLOCK_TAI - CLOCK_REALTIME read before it = %lld ns: a "
		     "non-negative offset below 1000 s", tai - real);

	secs = time(NULL);
	real = clock_ns(CLOCK_REALTIME);
	TST_EXP_EXPR(secs <= real / NSEC_PER_SEC &&
		     real / NSEC_PER_SEC - secs < 60,
		     "time() (%lld) agrees with CLOCK_REALTIME read after it "
		     "(%lld s)", (long long)secs, real / NSEC_PER_SEC);

	thread = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	process = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	TST_EXP_EXPR(process >= thread, "CLOCK_PROCESS_CPUTIME_ID (%lld) >= "
		     "CLOCK_THREAD_CPUTIME_ID read before it (%lld)", process,
		     thread);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_all_clocks();
		break;
	case 1:
		test_monotonic();
		break;
	case 2:
		test_relations();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.tags = (const struct tst_tag[]) {
		/* s390/vdso: fix initializing and updating of vdso_data */
		{"linux-git", "5b43bd184530"},
		{}
	},
};
