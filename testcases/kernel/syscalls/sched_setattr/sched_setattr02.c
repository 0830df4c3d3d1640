// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setattr(2) with SCHED_DEADLINE (root; admits realtime bandwidth,
 * so exclusive and for guests):
 * - runtime <= deadline <= period is admitted: sched_getattr() returns the
 *   three values, sched_getscheduler() and /proc/self/stat say 6; a period
 *   of 0 means period = deadline;
 * - runtime > deadline, deadline > period, deadline 0, runtime below
 *   1024 ns, a period below 100 us or above ~4 s, a deadline with bit 63
 *   set, and a non-zero sched_priority are EINVAL;
 * - nobody may not become SCHED_DEADLINE (EPERM);
 * - fork() of a deadline task is EAGAIN; with SCHED_FLAG_RESET_ON_FORK
 *   the child is SCHED_OTHER;
 * - admission control: tasks of 30% bandwidth are admitted while the
 *   total stays within sched_rt_runtime_us / sched_rt_period_us of each
 *   CPU, and the first one beyond is EBUSY;
 * - with two CPUs or more: a task pinned to fewer CPUs than its root
 *   domain may not become SCHED_DEADLINE (EPERM), and a deadline task may
 *   not shrink its affinity (EBUSY).
 */
#include <sys/wait.h>
#include "sched_setparam.h"
#include "proc_ids.h"
#include "lapi/sched.h"

#define MS 1000000ULL
#define BW_SHIFT 20
/* the bandwidth tasks of the admission case: 30 ms every 100 ms */
#define FILL_RUNTIME (30 * MS)
#define FILL_PERIOD (100 * MS)
#define MAX_FILL 64

struct fill {
	int admitted;
	int err;
};

static struct fill *fill;

static long set_dl(unsigned long long runtime, unsigned long long deadline,
		   unsigned long long period, unsigned long long flags)
{
	struct sched_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = SCHED_DEADLINE;
	a.sched_runtime = runtime;
	a.sched_deadline = deadline;
	a.sched_period = period;
	a.sched_flags = flags;
	return sys_sched_setattr(0, &a, 0);
}

static void back_to_other(void)
{
	struct sched_param p = { 0 };

	if (sched_setscheduler(0, SCHED_OTHER, &p))
		tst_brk(TBROK | TERRNO, "sched_setscheduler(SCHED_OTHER)");
}

static void check_dl(unsigned long long runtime, unsigned long long deadline,
		     unsigned long long period)
{
	struct sched_attr a;
	long rt_prio, policy;

	memset(&a, 0, sizeof(a));
	TST_EXP_PASS(sys_sched_getattr(0, &a, sizeof(a), 0),
		     "sched_getattr(0)");
	TST_EXP_EXPR(a.sched_policy == SCHED_DEADLINE &&
		     a.sched_runtime == runtime && a.sched_deadline == deadline &&
		     a.sched_period == period, "sched_getattr(): policy %u "
		     "runtime %llu deadline %llu period %llu", a.sched_policy,
		     (unsigned long long)a.sched_runtime,
		     (unsigned long long)a.sched_deadline,
		     (unsigned long long)a.sched_period);
	TST_EXP_VAL(sched_getscheduler(0), SCHED_DEADLINE,
		    "sched_getscheduler(0)");
	read_stat_sched(getpid(), &rt_prio, &policy);
	TST_EXP_EQ_LI(policy, SCHED_DEADLINE);
}

static void admitted(void)
{
	TST_EXP_PASS(set_dl(10 * MS, 30 * MS, 100 * MS, 0),
		     "SCHED_DEADLINE runtime 10 ms, deadline 30, period 100");
	if (TST_PASS)
		check_dl(10 * MS, 30 * MS, 100 * MS);
	back_to_other();

	TST_EXP_PASS(set_dl(10 * MS, 50 * MS, 0, 0),
		     "SCHED_DEADLINE runtime 10 ms, deadline 50, period 0");
	if (TST_PASS)
		check_dl(10 * MS, 50 * MS, 50 * MS);
	back_to_other();
	check_sched(0, SCHED_OTHER, 0);
}

static void invalid(void)
{
	struct sched_attr a;

	TST_EXP_FAIL(set_dl(20 * MS, 10 * MS, 100 * MS, 0), EINVAL,
		     "runtime 20 ms > deadline 10 ms");
	TST_EXP_FAIL(set_dl(10 * MS, 50 * MS, 20 * MS, 0), EINVAL,
		     "deadline 50 ms > period 20 ms");
	TST_EXP_FAIL(set_dl(10 * MS, 0, 100 * MS, 0), EINVAL, "deadline 0");
	TST_EXP_FAIL(set_dl(1000, 1 * MS, 1 * MS, 0), EINVAL,
		     "runtime 1000 ns (< 1024)");
	TST_EXP_FAIL(set_dl(2000, 50000, 50000, 0), EINVAL,
		     "period 50 us (< 100 us)");
	TST_EXP_FAIL(set_dl(1 * MS, 1 * MS, 5000 * MS, 0), EINVAL,
		     "period 5 s (> 2^22 us)");
	TST_EXP_FAIL(set_dl(1 * MS, (1ULL << 63) | MS, 0, 0), EINVAL,
		     "deadline with bit 63 set");

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = SCHED_DEADLINE;
	a.sched_priority = 1;
	a.sched_runtime = 10 * MS;
	a.sched_deadline = a.sched_period = 100 * MS;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 0), EINVAL,
		     "SCHED_DEADLINE with sched_priority 1");
	check_sched(0, SCHED_OTHER, 0);
}

static void nobody(void)
{
	tst_drop_privs();
	TST_EXP_FAIL(set_dl(10 * MS, 30 * MS, 100 * MS, 0), EPERM,
		     "nobody: SCHED_DEADLINE");
	check_sched(0, SCHED_OTHER, 0);
}

static void fork_of_deadline_task(void)
{
	pid_t pid;

	if (set_dl(10 * MS, 30 * MS, 100 * MS, 0))
		tst_brk(TBROK | TERRNO, "sched_setattr(SCHED_DEADLINE)");
	TST_EXP_FAIL(fork(), EAGAIN, "fork() of a SCHED_DEADLINE task");
	if (TST_RET == 0)
		exit(0);

	if (set_dl(10 * MS, 30 * MS, 100 * MS, SCHED_FLAG_RESET_ON_FORK))
		tst_brk(TBROK | TERRNO, "sched_setattr(RESET_ON_FORK)");
	pid = fork();
	if (pid < 0) {
		tst_res(TFAIL | TERRNO, "fork() with SCHED_FLAG_RESET_ON_FORK");
	} else if (!pid) {
		TST_EXP_VAL(sched_getscheduler(0), SCHED_OTHER,
			    "the child of a RESET_ON_FORK deadline task");
		exit(0);
	} else {
		reap_child(pid);
	}
	back_to_other();
}

static void filler(int i)
{
	fill[i].err = set_dl(FILL_RUNTIME, FILL_PERIOD, FILL_PERIOD, 0) ?
		errno : 0;
	fill[i].admitted = !fill[i].err;
	TST_CHECKPOINT_WAKE(0);
	if (fill[i].admitted)
		TST_CHECKPOINT_WAIT(1);
	exit(0);
}

static void admission_control(void)
{
	unsigned long long task_bw, cpu_bw, limit;
	long rt_runtime, rt_period, ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	int i, n = 0, busy = -1;

	SAFE_FILE_SCANF("/proc/sys/kernel/sched_rt_runtime_us", "%ld",
			&rt_runtime);
	SAFE_FILE_SCANF("/proc/sys/kernel/sched_rt_period_us", "%ld",
			&rt_period);
	if (rt_runtime < 0) {
		tst_res(TCONF, "sched_rt_runtime_us is -1: no admission "
			"control to check");
		return;
	}
	/* the kernel's fixed point: to_ratio() and cap_scale() */
	task_bw = (FILL_RUNTIME << BW_SHIFT) / FILL_PERIOD;
	cpu_bw = ((unsigned long long)rt_runtime << BW_SHIFT) / rt_period;
	limit = cpu_bw * ncpus;

	for (i = 0; i < MAX_FILL && busy < 0; i++) {
		if (!SAFE_FORK())
			filler(i);
		TST_CHECKPOINT_WAIT(0);
		if (fill[i].admitted)
			n++;
		else
			busy = fill[i].err;
	}
	tst_res(TINFO, "%d tasks of %llu/%d bandwidth admitted on %ld CPUs "
		"(limit %llu per CPU)", n, task_bw, 1 << BW_SHIFT, ncpus,
		cpu_bw);
	TST_EXP_EXPR(busy == EBUSY, "the first task beyond the bandwidth got "
		     "%s", busy < 0 ? "no error" : tst_strerrno(busy));
	TST_EXP_EXPR(n * task_bw <= limit, "the admitted bandwidth %llu stays "
		     "within %llu", n * task_bw, limit);
	/* 30% fits on any CPU, whatever a newer kernel reserves itself */
	TST_EXP_EXPR(n >= 1, "a task was admitted while there was room");
	if (n)
		TST_CHECKPOINT_WAKE2(1, n);
	tst_reap_children();
}

static void affinity_and_root_domain(void)
{
	cpu_set_t all, one;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		tst_res(TCONF, "one CPU: no smaller affinity to check");
		return;
	}
	sched_getaffinity(0, sizeof(all), &all);
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);

	if (sched_setaffinity(0, sizeof(one), &one))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(one CPU)");
	TST_EXP_FAIL(set_dl(10 * MS, 30 * MS, 100 * MS, 0), EPERM,
		     "SCHED_DEADLINE while pinned to one CPU");
	if (sched_setaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(all)");

	if (set_dl(10 * MS, 30 * MS, 100 * MS, 0))
		tst_brk(TBROK | TERRNO, "sched_setattr(SCHED_DEADLINE)");
	TST_EXP_FAIL(sched_setaffinity(0, sizeof(one), &one), EBUSY,
		     "sched_setaffinity(one CPU) of a deadline task");
	back_to_other();
}

static void (*const cases[])(void) = {
	admitted,
	invalid,
	nobody,
	fork_of_deadline_task,
	admission_control,
	affinity_and_root_domain,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static void setup(void)
{
	fill = SAFE_MMAP(NULL, MAX_FILL * sizeof(*fill),
			 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			 -1, 0);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.exclusive = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
