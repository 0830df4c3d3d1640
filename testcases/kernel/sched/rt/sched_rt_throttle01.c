// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RT throttling, kernel.sched_rt_runtime_us / sched_rt_period_us (saved,
 * set and restored). Where the kernel throttles RT tasks by them (before
 * 6.12, or 6.12+ with CONFIG_RT_GROUP_SCHED):
 *  - a runtime of 50 ms per 100 ms period: a SCHED_FIFO spinner pinned
 *    to a CPU leaves that CPU to a SCHED_OTHER spinner pinned there; over
 *    a 2 s window the FIFO task gets at most 75% of it and the other task
 *    at least a quarter of the FIFO task's CPU time (about as much: both
 *    are bounds a loaded host cannot break, the kernel's throttling runs
 *    on the guest's clock);
 *  - runtime -1 (no throttling): the SCHED_OTHER task does not run at
 *    all while the FIFO task spins for 1 s (its CPU-time stamp does not
 *    move): both settings are honoured, not just one.
 * 6.12 without RT_GROUP_SCHED throttles no RT task: the fair server (a
 * deadline entity per CPU, 50 ms every 1 s, debugfs sched/fair_server)
 * runs starved fair tasks instead, whatever sched_rt_runtime_us says.
 * With runtime 50% and with -1 alike, over 2 s the SCHED_OTHER task gets
 * at least a quarter of one server runtime and less than a quarter of
 * the FIFO task's time. On every kernel:
 *  - a runtime above the period, below -1, and a period of 0 are EINVAL
 *    and leave the values as they were;
 *  - the deadline admission bound (kernel/sched/deadline.c,
 *    sched_dl_global_validate()): a runtime whose bandwidth (to_ratio(),
 *    -1 counting as a whole CPU), times the CPUs of the root domain, is
 *    below the deadline bandwidth allocated there (dl_bw->total_bw, read
 *    from debugfs sched/debug) is EBUSY and leaves the value as it was.
 *    With a 30% SCHED_DEADLINE task of ours blocked, the runtime one
 *    below the smallest that covers the allocation is EBUSY and that
 *    smallest one is accepted; once the task exits its bandwidth is given
 *    back within 2 s. Every write of the test is checked against the
 *    allocation read just before it (on 6.12 it holds the fair servers'
 *    5% per CPU until a write rebuilds the root domains): an EBUSY the
 *    rule does not predict, or a negative total_bw, is a failure.
 * CPU time (CLOCK_THREAD_CPUTIME_ID) and shared stamps, no sleeps; the
 * wait for the bandwidth to come back polls debugfs on the clock.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/wait.h>
#include "sched_common.h"
#include "sched_setparam.h"
#include "lapi/sched.h"

#define FIFO_PRIO	10
#define MS		1000000ULL
#define RUNTIME		"/proc/sys/kernel/sched_rt_runtime_us"
#define PERIOD		"/proc/sys/kernel/sched_rt_period_us"
#define SCHED_DEBUG	"/sys/kernel/debug/sched/debug"
#define FAIR_SERVER	"/sys/kernel/debug/sched/fair_server"
#define BW_SHIFT	20

struct shared {
	volatile uint64_t other_ns;
	volatile int other_running, stop;
	uint64_t fifo_ns, wall_ns, other_start, other_end;
};

static struct shared *sh;
static cpu_set_t all_cpus;
static int ncpus, rt_throttling;
static uint64_t fs_runtime, fs_period;

/*
 * The deadline bandwidth allocated in the root domain(s): the largest
 * dl_bw->total_bw of the dl_rq[] sections of sched/debug (each CPU
 * prints its root domain's). Returns 0 and sets *total and *same (1 when
 * every CPU printed the same value: one root domain), -1 when debugfs
 * does not have the file.
 */
static int dl_total_bw(long long *total, int *same)
{
	char line[256];
	long long v;
	int n = 0;
	FILE *f = fopen(SCHED_DEBUG, "r");

	if (!f)
		return -1;
	*same = 1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, " .dl_bw->total_bw : %lld", &v) != 1)
			continue;
		if (!n || v > *total) {
			if (n)
				*same = 0;
			*total = v;
		} else if (v != *total) {
			*same = 0;
		}
		n++;
	}
	fclose(f);
	return n ? 0 : -1;
}

/* to_ratio() of kernel/sched/core.c, for values in microseconds */
static long long rt_bw(long period_us, long runtime_us)
{
	return ((long long)runtime_us << BW_SHIFT) / period_us;
}

/*
 * Write val to path (RUNTIME or PERIOD) and check the answer against the
 * admission rule for the allocation read just before: the new runtime's
 * bandwidth (to_ratio(), 1 << BW_SHIFT for -1) times the CPUs below the
 * allocation is EBUSY, anything else is accepted. Returns 1 when the
 * value took, 0 for the EBUSY the rule predicts (value unchanged), -1
 * after a failure was reported.
 */
static int write_knob(const char *path, long val)
{
	long long total = 0, bw;
	long period, runtime, before, after;
	int same, busy = 0, fd, ret, is_period, errno_busy;
	char buf[32];

	SAFE_FILE_SCANF(PERIOD, "%ld", &period);
	SAFE_FILE_SCANF(RUNTIME, "%ld", &runtime);
	is_period = !strcmp(path, PERIOD);
	before = is_period ? period : runtime;
	if (is_period)
		period = val;
	else
		runtime = val;
	bw = runtime < 0 ? 1LL << BW_SHIFT : rt_bw(period, runtime);
	if (!dl_total_bw(&total, &same)) {
		if (total < 0) {
			tst_res(TFAIL, "deadline bandwidth allocated is "
				"negative (dl_bw->total_bw %lld): the "
				"accounting underflowed", total);
			return -1;
		}
		busy = bw * ncpus < total;
	}
	snprintf(buf, sizeof(buf), "%ld", val);
	fd = SAFE_OPEN(path, O_WRONLY);
	ret = write(fd, buf, strlen(buf));
	errno_busy = ret < 0 && errno == EBUSY;
	if (errno_busy && busy) {
		tst_res(TINFO, "%s = %ld: EBUSY, %lld x %d CPUs < %lld "
			"allocated", path, val, bw, ncpus, total);
	} else if (ret < 0) {
		tst_res(TFAIL | TERRNO, "%s = %ld (runtime %ld, period %ld, "
			"deadline bandwidth allocated %lld, %d CPUs)", path,
			val, runtime, period, total, ncpus);
	} else if (busy) {
		tst_res(TFAIL, "%s = %ld accepted with %lld x %d CPUs < %lld "
			"allocated", path, val, bw, ncpus, total);
	}
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(path, "%ld", &after);
	if (after != (ret < 0 ? before : val)) {
		tst_res(TFAIL, "%s reads %ld after writing %ld (was %ld, "
			"write returned %d)", path, after, val, before, ret);
		return -1;
	}
	if (ret < 0)
		return busy && errno_busy ? 0 : -1;
	return busy ? -1 : 1;
}

/* RUNTIME -1, then PERIOD period, then RUNTIME runtime; 1 when all took */
static int set_rt(long period, long runtime)
{
	return write_knob(RUNTIME, -1) == 1 &&
	       write_knob(PERIOD, period) == 1 &&
	       write_knob(RUNTIME, runtime) == 1;
}

static void other_task(void)
{
	pin_to(test_cpu);
	while (!sh->stop) {
		sh->other_ns = thread_cpu_ns();
		sh->other_running = 1;
	}
	exit(0);
}

static void fifo_task(uint64_t window)
{
	uint64_t t0, c0, now;

	fifo_on_test_cpu(FIFO_PRIO);
	/* running on the CPU now: the other task is not */
	sh->other_start = sh->other_ns;
	c0 = thread_cpu_ns();
	t0 = tst_mono_ns();
	do {
		now = tst_mono_ns();
	} while (now - t0 < window);
	sh->other_end = sh->other_ns;
	sh->fifo_ns = thread_cpu_ns() - c0;
	sh->wall_ns = now - t0;
	exit(0);
}

static void compete(uint64_t window)
{
	pid_t other, fifo;

	memset(sh, 0, sizeof(*sh));
	other = SAFE_FORK();
	if (!other)
		other_task();
	wait_flag(&sh->other_running, 1);
	fifo = SAFE_FORK();
	if (!fifo)
		fifo_task(window);
	reap_child(fifo);
	sh->stop = 1;
	reap_child(other);
	tst_res(TINFO, "FIFO task %llu ms of CPU in %llu ms, SCHED_OTHER "
		"task %llu ms", (unsigned long long)(sh->fifo_ns / MS),
		(unsigned long long)(sh->wall_ns / MS),
		(unsigned long long)((sh->other_end - sh->other_start) / MS));
}

/*
 * 6.12 without CONFIG_RT_GROUP_SCHED: sched_rt_runtime_us throttles no
 * RT task; the fair server (fs_runtime every fs_period, deferred until
 * the fair tasks starve) runs the SCHED_OTHER task beside the FIFO
 * spinner whatever the RT runtime. In a window of two server periods it
 * gets at least a quarter of one server runtime (a bound load cannot
 * break) and less than a quarter of the FIFO task's time (with RT
 * throttling at 50% it would get about as much).
 */
static void fair_server(const char *what, uint64_t other)
{
	if (other * 4 >= fs_runtime)
		tst_res(TPASS, "%s: the fair server ran the SCHED_OTHER task "
			"%llu ms", what, (unsigned long long)(other / MS));
	else
		tst_res(TFAIL, "%s: the SCHED_OTHER task ran %llu us beside "
			"the FIFO spinner, fair server %llu ms every %llu ms",
			what, (unsigned long long)(other / 1000),
			(unsigned long long)(fs_runtime / MS),
			(unsigned long long)(fs_period / MS));
	if (other * 4 < sh->fifo_ns)
		tst_res(TPASS, "%s: the FIFO task was not throttled (%llu ms "
			"of CPU)", what, (unsigned long long)(sh->fifo_ns / MS));
	else
		tst_res(TFAIL, "%s: the FIFO task ran %llu ms, the SCHED_OTHER "
			"task %llu ms: RT throttling without RT_GROUP_SCHED",
			what, (unsigned long long)(sh->fifo_ns / MS),
			(unsigned long long)(other / MS));
}

static void throttled(void)
{
	uint64_t other;

	if (!set_rt(100000, 50000))
		return;
	compete(2000 * MS);
	other = sh->other_end - sh->other_start;
	if (!rt_throttling) {
		fair_server("runtime 50%", other);
		return;
	}
	if (sh->fifo_ns * 4 <= sh->wall_ns * 3)
		tst_res(TPASS, "runtime 50%%: the FIFO task was throttled");
	else
		tst_res(TFAIL, "runtime 50%%: the FIFO task ran %llu ms of "
			"%llu ms", (unsigned long long)(sh->fifo_ns / MS),
			(unsigned long long)(sh->wall_ns / MS));
	if (other * 4 >= sh->fifo_ns)
		tst_res(TPASS, "runtime 50%%: the SCHED_OTHER task ran meanwhile");
	else
		tst_res(TFAIL, "runtime 50%%: the SCHED_OTHER task ran only "
			"%llu ms", (unsigned long long)(other / MS));
}

static void unthrottled(void)
{
	if (write_knob(RUNTIME, -1) != 1)
		return;
	if (!rt_throttling) {
		compete(2000 * MS);
		fair_server("runtime -1", sh->other_end - sh->other_start);
		return;
	}
	compete(1000 * MS);
	if (sh->other_end == sh->other_start)
		tst_res(TPASS, "runtime -1: the SCHED_OTHER task never ran");
	else
		tst_res(TFAIL, "runtime -1: the SCHED_OTHER task ran %llu us",
			(unsigned long long)((sh->other_end - sh->other_start)
					     / 1000));
}

static void bad_write(const char *path, const char *val)
{
	long before, after;
	int fd;

	SAFE_FILE_SCANF(path, "%ld", &before);
	fd = SAFE_OPEN(path, O_WRONLY);
	TST_EXP_FAIL(write(fd, val, strlen(val)), EINVAL, "%s = %s", path,
		     val);
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(path, "%ld", &after);
	TST_EXP_EQ_LI(after, before);
}

static void validation(void)
{
	if (!set_rt(1000000, 950000))
		return;
	bad_write(RUNTIME, "1000001");
	bad_write(RUNTIME, "-2");
	bad_write(PERIOD, "0");
}

/* a SCHED_DEADLINE task of 30% admitted, blocked until fds[1] closes */
static pid_t dl_blocked(int fds[2])
{
	struct sched_attr a = {
		.size = SCHED_ATTR_SIZE_VER0,
		.sched_policy = SCHED_DEADLINE,
		.sched_runtime = 30 * MS,
		.sched_deadline = 100 * MS,
		.sched_period = 100 * MS,
	};
	pid_t pid;
	char c;

	SAFE_PIPE(fds);
	sh->other_running = 0;
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[1]);
		/* admission wants the whole root domain in the affinity */
		if (sched_setaffinity(0, sizeof(all_cpus), &all_cpus))
			tst_brk(TBROK | TERRNO, "sched_setaffinity()");
		if (sys_sched_setattr(0, &a, 0))
			tst_brk(TBROK | TERRNO, "sched_setattr(DEADLINE 30%%)");
		sh->other_running = 1;
		if (read(fds[0], &c, 1) < 0)
			tst_brk(TBROK | TERRNO, "read");
		exit(0);
	}
	SAFE_CLOSE(fds[0]);
	wait_flag(&sh->other_running, 1);
	return pid;
}

/* smallest runtime (us) whose bandwidth x ncpus covers total */
static long min_runtime(long period, long long total)
{
	long long q = (total + ncpus - 1) / ncpus;

	return (long)((q * period + (1LL << BW_SHIFT) - 1) >> BW_SHIFT);
}

static void admission(void)
{
	long long total, before;
	long period = 1000000, r;
	uint64_t t0, limit;
	int fds[2], same;
	pid_t pid;

	if (!set_rt(period, 950000))
		return;
	if (dl_total_bw(&total, &same)) {
		tst_res(TCONF, "no dl_bw->total_bw in " SCHED_DEBUG
			" (debugfs not mounted?): the allocation is unknown");
		return;
	}
	if (!same) {
		tst_res(TCONF, "CPUs report different deadline allocations: "
			"more than one root domain");
		return;
	}
	before = total;
	pid = dl_blocked(fds);

	if (dl_total_bw(&total, &same))
		tst_brk(TBROK, SCHED_DEBUG " went away");
	tst_res(TINFO, "30%% deadline task admitted: %lld of deadline "
		"bandwidth allocated (1 CPU = %d), %d CPUs", total,
		1 << BW_SHIFT, ncpus);
	if (total < (30LL << BW_SHIFT) / 100) {
		tst_res(TFAIL, "allocation %lld below the 30%% task's %lld",
			total, (30LL << BW_SHIFT) / 100);
		goto out;
	}
	r = min_runtime(period, total);
	if (!write_knob(RUNTIME, r - 1))
		tst_res(TPASS, "runtime %ld, just below the allocation: "
			"EBUSY, unchanged", r - 1);

	if (dl_total_bw(&total, &same))
		tst_brk(TBROK, SCHED_DEBUG " went away");
	r = min_runtime(period, total);
	if (write_knob(RUNTIME, r) == 1)
		tst_res(TPASS, "runtime %ld, the smallest covering the "
			"allocation of %lld: accepted", r, total);
out:
	SAFE_CLOSE(fds[1]);
	reap_child(pid);
	/*
	 * The task's bandwidth goes when its inactive timer fires (0-lag
	 * time, within its 100 ms period). No write before that: on 6.12.118
	 * a write rebuilds the root domains, which zeroes total_bw and counts
	 * live tasks only, and the late release then takes total_bw below
	 * zero (every later write EBUSY until the next rebuild).
	 */
	limit = (uint64_t)(2000 * tst_timeout_mul()) * MS;
	t0 = tst_mono_ns();
	do {
		if (dl_total_bw(&total, &same))
			tst_brk(TBROK, SCHED_DEBUG " went away");
		if (total <= before)
			break;
		usleep(1000);
	} while (tst_mono_ns() - t0 < limit);
	if (total <= before)
		tst_res(TPASS, "the exited task's bandwidth was given back "
			"in %llu ms", (unsigned long long)
			((tst_mono_ns() - t0) / MS));
	else
		tst_res(TFAIL, "deadline bandwidth allocated %lld %llu ms "
			"after the task exited, %lld before it came",
			total, (unsigned long long)(limit / MS), before);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		throttled();
		break;
	case 1:
		unthrottled();
		break;
	case 2:
		validation();
		break;
	case 3:
		admission();
		break;
	}
}

static void setup(void)
{
	char path[128];
	int kc;

	sh = shared_alloc(sizeof(*sh));
	if (sched_getaffinity(0, sizeof(all_cpus), &all_cpus))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	pick_test_cpu();
	rt_throttling = 1;
	if (tst_kvercmp(6, 12, 0) >= 0) {
		/* 6.12: RT throttling only with RT group scheduling */
		kc = tst_kconfig_check("CONFIG_RT_GROUP_SCHED=y");
		if (kc < 0)
			tst_brk(TCONF, "6.12+ without a kernel config: cannot "
				"tell RT throttling (RT_GROUP_SCHED) from the "
				"fair server alone");
		rt_throttling = kc;
		fs_runtime = 50 * MS;
		fs_period = 1000 * MS;
		snprintf(path, sizeof(path), FAIR_SERVER "/cpu%d/runtime",
			 test_cpu);
		if (!access(path, R_OK)) {
			SAFE_FILE_SCANF(path, "%" SCNu64, &fs_runtime);
			snprintf(path, sizeof(path), FAIR_SERVER
				 "/cpu%d/period", test_cpu);
			SAFE_FILE_SCANF(path, "%" SCNu64, &fs_period);
		}
		tst_res(TINFO, "RT throttling %s; fair server %llu ms every "
			"%llu ms", rt_throttling ? "configured (RT_GROUP_SCHED)"
			: "gone (no RT_GROUP_SCHED)",
			(unsigned long long)(fs_runtime / MS),
			(unsigned long long)(fs_period / MS));
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.save_restore = (const struct tst_path_val[]) {
		{ RUNTIME, NULL, 0 },
		{ PERIOD, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};
