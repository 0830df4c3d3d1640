// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Wake-up latency of a SCHED_FIFO (priority 80) task, cyclictest style,
 * under a SCHED_OTHER spinner on every CPU: 2000 absolute
 * clock_nanosleep() periods of 1 ms on CLOCK_MONOTONIC, the latency of
 * each wake-up being the clock read at once minus the time asked for.
 * As in cyclictest, a period whose time has already passed when the task
 * is back is skipped: each sleep asks for a time still ahead, so each
 * sample is the delay of one wake-up. (Sleeping until a past time still
 * takes a timer interrupt, clockevents_program_event() programming the
 * minimum delta, which under TCG can cost about a period: without the
 * skip one late wake-up was carried into every later sample, and the
 * backlog never drained; medians of 4 to 140 ms were seen that way.)
 * The 50th, 90th, 99th percentiles, the maximum and the number of skipped
 * periods are printed.
 * Asserted, with bounds loose enough for a TCG guest on a loaded host
 * (the minimum seen always below 0.1 ms, as the guest's clock runs on
 * while the host holds its vCPUs off):
 *  - no wake-up is early (latency >= 0): an absolute hrtimer never fires
 *    before its time, on any machine;
 *  - the fastest 1% (p1) is below 5 ms times LTP_TIMEOUT_MUL (20 ms
 *    under TCG): some wake-ups find the host idle, and then a sound
 *    kernel wakes the RT task at once; a kernel that leaves it behind the
 *    fair spinners or waits for a tick or a fair time slice has no fast
 *    wake-ups at all;
 *  - the median is below 500 ms times LTP_TIMEOUT_MUL: only a kernel that
 *    loses or defers wake-ups by seconds fails it.
 * The tail (p99, max) is printed only: under emulation it measures the
 * host. On PREEMPT_RT (uname -v says PREEMPT_RT) the same bounds hold;
 * that kernel is expected far below them.
 */
#include <sys/wait.h>
#include <sys/utsname.h>
#include "sched_common.h"

#define LOOPS		2000
#define INTERVAL_NS	1000000LL
#define NS		1000000000LL

struct shared {
	volatile int stop, spinners;
	long long skipped;
	long long lat[LOOPS];
};

static struct shared *sh;
static int ncpus;

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * NS + ts->tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static void spinner(int cpu)
{
	pin_to(cpu);
	__sync_fetch_and_add(&sh->spinners, 1);
	while (!sh->stop)
		;
	exit(0);
}

static void measure(void)
{
	struct timespec next, now;
	long long t, missed;
	int i, ret;

	set_fifo(80);
	clock_gettime(CLOCK_MONOTONIC, &now);
	t = ts_ns(&now);
	for (i = 0; i < LOOPS; i++) {
		t += INTERVAL_NS;
		/* the periods that passed while we were late are skipped */
		if (t <= ts_ns(&now)) {
			missed = (ts_ns(&now) - t) / INTERVAL_NS + 1;
			sh->skipped += missed;
			t += missed * INTERVAL_NS;
		}
		next.tv_sec = t / NS;
		next.tv_nsec = t % NS;
		do {
			ret = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME,
					      &next, NULL);
		} while (ret == EINTR);
		if (ret)
			tst_brk(TBROK, "clock_nanosleep: %s",
				tst_strerrno(ret));
		clock_gettime(CLOCK_MONOTONIC, &now);
		sh->lat[i] = ts_ns(&now) - ts_ns(&next);
	}
	exit(0);
}

static void run(void)
{
	pid_t spin[CPU_SETSIZE], m;
	long long p1, p50, p90, p99, max, bound;
	int i, early = 0;
	cpu_set_t set;
	struct utsname u;

	memset(sh, 0, sizeof(*sh));
	if (sched_getaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity");
	ncpus = 0;
	for (i = 0; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &set))
			continue;
		spin[ncpus] = SAFE_FORK();
		if (!spin[ncpus])
			spinner(i);
		ncpus++;
	}
	wait_flag(&sh->spinners, ncpus);
	m = SAFE_FORK();
	if (!m)
		measure();
	reap_child(m);
	sh->stop = 1;
	for (i = 0; i < ncpus; i++)
		reap_child(spin[i]);

	for (i = 0; i < LOOPS; i++)
		if (sh->lat[i] < 0)
			early++;
	qsort(sh->lat, LOOPS, sizeof(sh->lat[0]), cmp);
	p1 = sh->lat[LOOPS / 100];
	p50 = sh->lat[LOOPS / 2];
	p90 = sh->lat[LOOPS * 90 / 100];
	p99 = sh->lat[LOOPS * 99 / 100];
	max = sh->lat[LOOPS - 1];
	uname(&u);
	tst_res(TINFO, "%s kernel, %d fair spinner(s): wake-up latency "
		"min %lld us, p1 %lld us, p50 %lld us, p90 %lld us, "
		"p99 %lld us, max %lld us; %lld period(s) skipped",
		strstr(u.version, "PREEMPT_RT") ? "PREEMPT_RT" : "non-RT",
		ncpus, sh->lat[0] / 1000, p1 / 1000, p50 / 1000, p90 / 1000,
		p99 / 1000, max / 1000, sh->skipped);
	if (early)
		tst_res(TFAIL, "%d wake-ups came before their absolute "
			"time (earliest %lld ns)", early, sh->lat[0]);
	else
		tst_res(TPASS, "no wake-up before its absolute time");
	bound = 5000000LL * tst_timeout_mul();
	if (p1 < bound)
		tst_res(TPASS, "p1 latency %lld us < %lld us", p1 / 1000,
			bound / 1000);
	else
		tst_res(TFAIL, "p1 latency %lld us >= %lld us: no prompt "
			"wake-up in %d", p1 / 1000, bound / 1000, LOOPS);
	bound = 500000000LL * tst_timeout_mul();
	if (p50 < bound)
		tst_res(TPASS, "median latency %lld us < %lld us", p50 / 1000,
			bound / 1000);
	else
		tst_res(TFAIL, "median latency %lld us >= %lld us", p50 / 1000,
			bound / 1000);
}

static void setup(void)
{
	sh = shared_alloc(sizeof(*sh));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
};
