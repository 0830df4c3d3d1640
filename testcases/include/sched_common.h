/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the scheduler tests: one CPU all the competing tasks are
 * pinned to (the test process itself moves to the other CPUs when there
 * are any, so the competition never starves it), policy changes that
 * TBROK on failure, and per-thread CPU time. The tests compare CPU time
 * and shared counters, never wall time: a TCG guest on a loaded host
 * loses wall time at random.
 */
#ifndef SCHED_COMMON_H
#define SCHED_COMMON_H

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include "tst_test.h"

static int test_cpu = -1;

static inline void pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(0, CPU %d)", cpu);
}

/* The first CPU we may use; the caller moves to the others, if any. */
static inline void pick_test_cpu(void)
{
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (CPU_ISSET(cpu, &set))
			break;
	}
	if (cpu == CPU_SETSIZE)
		tst_brk(TBROK, "empty CPU affinity mask");
	test_cpu = cpu;
	CPU_CLR(cpu, &set);
	if (CPU_COUNT(&set) &&
	    sched_setaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(0, others)");
	tst_res(TINFO, "competing tasks run on CPU %d, the test process on "
		"%d other CPU(s)", test_cpu, CPU_COUNT(&set));
}

static inline void set_fifo(int prio)
{
	struct sched_param p = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO, &p))
		tst_brk(TBROK | TERRNO, "sched_setscheduler(SCHED_FIFO, %d)",
			prio);
}

/*
 * Become SCHED_FIFO first, then move to the test CPU: a SCHED_OTHER task
 * moved onto a CPU an RT task spins on would wait for RT throttling.
 */
static inline void fifo_on_test_cpu(int prio)
{
	set_fifo(prio);
	pin_to(test_cpu);
}

static inline uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static inline void *shared_alloc(size_t size)
{
	return SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

/* Poll *flag (shared) every 10 ms until it reaches val. */
static inline void wait_flag(volatile int *flag, int val)
{
	struct timespec ts = { 0, 10 * 1000000 };

	while (*flag < val)
		nanosleep(&ts, NULL);
}

/* Print the RT throttling settings: they bound what SCHED_OTHER gets. */
static inline long rt_runtime_share_pct(void)
{
	long runtime = -1, period = 1;
	FILE *f;

	f = fopen("/proc/sys/kernel/sched_rt_runtime_us", "r");
	if (f) {
		if (fscanf(f, "%ld", &runtime) != 1)
			runtime = -1;
		fclose(f);
	}
	f = fopen("/proc/sys/kernel/sched_rt_period_us", "r");
	if (f) {
		if (fscanf(f, "%ld", &period) != 1 || period <= 0)
			period = 1;
		fclose(f);
	}
	tst_res(TINFO, "sched_rt_runtime_us %ld, sched_rt_period_us %ld",
		runtime, period);
	return runtime < 0 ? 100 : runtime * 100 / period;
}

#endif /* SCHED_COMMON_H */
