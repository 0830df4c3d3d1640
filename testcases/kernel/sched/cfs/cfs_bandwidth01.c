// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CFS bandwidth control in a cgroup v2 hierarchy (kernel/sched/fair.c
 * throttle/unthrottle), with limits changed and tasks moved while they
 * are throttled:
 * - cpu.max errors: quota or period below 1 ms, period above 1 s and
 *   "abc" are EINVAL and leave the value as it was;
 * - a hierarchy level2/{level3a/{worker1 30%, worker2 20%}, level3b/
 *   worker3 30%} (10 ms periods) runs three tasks per worker that spin
 *   20 ms and sleep 3 s, 1 s or 10 ms, so groups throttle and unthrottle
 *   all the time; meanwhile level2 gets 50%, a task moves from worker1
 *   to worker3, worker2 and level3a are cut to 10% and 20%, a new group
 *   under level3b gets a task and loses it again and is removed, a
 *   throttled task is killed and its group removed, level2 is lifted to
 *   "max": every worker group and level2 were throttled (nr_throttled >
 *   0), and all tasks, told to stop, exit within 10 s (a group left
 *   throttled for ever keeps them);
 * - a group limited to 10% ("10000 100000") with two spinning tasks
 *   uses at most half a CPU and at least a fiftieth of one over a
 *   window of 2 s and 10 periods (usage_usec of cpu.stat against the
 *   time that passed) and is throttled; set to "max" while throttled it
 *   uses more than 0.6 of a CPU; set to "10000 200000" (5%) it is held
 *   to half a CPU again over 3 s and throttled again. The bounds are
 *   generous: in a TCG guest on a loaded host a vCPU the host stalls
 *   charges the stall to the task it was running (hundreds of ms seen),
 *   while an unlimited group gets both CPUs.
 * The kernel must neither oops nor warn (taint_check).
 *
 * Fixes (reproduced by upstream LTP's cfs_bandwidth01 on the nested
 * throttling): 39f23ce07b93 ("sched/fair: Fix unthrottle_cfs_rq() for
 * leaf_cfs_rq list"), b34cb07dde7c ("sched/fair: Fix enqueue_task_fair()
 * warning some more"), fe61468b2cbc ("sched/fair: Fix enqueue_task_fair
 * warning"), 5ab297bab984 ("sched/fair: Fix reordering of
 * enqueue/dequeue_task_fair()"), 6d4d22468dae ("sched/fair: Reorder
 * enqueue/dequeue_task_fair path"), fdaba61ef8a2 ("sched/fair: Ensure
 * that the CFS parent is added after unthrottling").
 */
#include <poll.h>
#include "tst_test.h"
#include "cgroup2.h"

#define NWORKERS 3
#define PER_WORKER 3
#define NTASKS (NWORKERS * PER_WORKER + 1)

static const char *const workers[NWORKERS] = {
	"level2/level3a/worker1", "level2/level3a/worker2",
	"level2/level3b/worker3",
};
static const char *const quotas[NWORKERS] = {
	"3000 10000", "2000 10000", "3000 10000",
};

static pid_t tasks[NTASKS];
static int stop_fds[2] = {-1, -1};

/* Spin for 20 ms of wall time, sleep sleep_ms, until told to stop. */
static void busy(int sleep_ms)
{
	struct pollfd pfd = {.fd = stop_fds[0], .events = POLLIN};
	long long until;

	SAFE_CLOSE(stop_fds[1]);
	for (;;) {
		until = tst_mono_ms() + 20;
		while (tst_mono_ms() < until)
			;
		if (poll(&pfd, 1, sleep_ms) > 0)
			exit(0);
	}
}

static pid_t start_task(const char *cg, int sleep_ms)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		busy(sleep_ms);
	CG_WRITE(cg, "cgroup.procs", "%d", pid);
	return pid;
}

static void pause_ms(int ms)
{
	usleep(ms * 1000);
}

static void cpu_max_errors(void)
{
	static const char *const bad[] = {
		"999 100000", "1000 999", "100000 1000001", "abc 100000",
	};
	char before[64], after[64], path[PATH_MAX];
	unsigned int i;

	cg_path(path, sizeof(path), "level2", "cpu.max");
	SAFE_FILE_SCANF(path, "%63[^\n]", before);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		TST_EXP_EXPR(cg_write_err("level2", "cpu.max", bad[i]) ==
			     EINVAL, "cpu.max \"%s\" is EINVAL", bad[i]);
		SAFE_FILE_SCANF(path, "%63[^\n]", after);
		if (strcmp(before, after))
			tst_res(TFAIL, "cpu.max changed to \"%s\"", after);
	}
}

static void expect_throttled(const char *cg)
{
	long long n = cg_read_key(cg, "cpu.stat", "nr_throttled");

	TST_EXP_EXPR(n > 0, "%s was throttled (nr_throttled %lld)", cg, n);
}

/* Wait for every task to exit, bounded: 1 when all did. */
static int reap_all(int n)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	int left = n, i, status;
	pid_t pid;

	while (left) {
		pid = waitpid(-1, &status, WNOHANG);
		if (pid < 0)
			tst_brk(TBROK | TERRNO, "waitpid()");
		if (!pid) {
			if (tst_mono_ms() > deadline)
				break;
			usleep(10000);
			continue;
		}
		for (i = 0; i < NTASKS; i++) {
			if (tasks[i] != pid)
				continue;
			tasks[i] = 0;
			left--;
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				tst_res(TFAIL, "task %d ended with 0x%x",
					pid, status);
		}
	}
	if (left)
		tst_res(TFAIL, "%d of %d tasks still running 10 s after "
			"they were told to stop", left, n);
	return !left;
}

static void hierarchy(void)
{
	static const int sleeps[PER_WORKER] = {3000, 1000, 10};
	int w, i, n = 0;
	pid_t victim;

	SAFE_PIPE(stop_fds);
	for (w = 0; w < NWORKERS; w++)
		for (i = 0; i < PER_WORKER; i++)
			tasks[n++] = start_task(workers[w], sleeps[i]);

	pause_ms(500);
	CG_WRITE("level2", "cpu.max", "5000 10000");
	pause_ms(500);
	/* the always busy task of worker1 */
	CG_WRITE(workers[2], "cgroup.procs", "%d", tasks[2]);
	CG_WRITE(workers[1], "cpu.max", "1000 10000");
	CG_WRITE("level2/level3a", "cpu.max", "2000 10000");
	pause_ms(500);

	cg_mkdir("level2/level3b/extra");
	CG_WRITE("level2/level3b/extra", "cpu.max", "1000 10000");
	CG_WRITE("level2/level3b/extra", "cgroup.procs", "%d", tasks[8]);
	pause_ms(300);
	CG_WRITE(workers[2], "cgroup.procs", "%d", tasks[8]);
	cg_wait_event("level2/level3b/extra", "populated", 0);
	cg_rmdir("level2/level3b/extra");

	cg_mkdir("level2/doomed");
	CG_WRITE("level2/doomed", "cpu.max", "1000 10000");
	victim = tasks[n] = start_task("level2/doomed", 10);
	pause_ms(300);
	SAFE_KILL(victim, SIGKILL);
	reap_child_killed(victim, SIGKILL);
	tasks[n] = 0;
	cg_wait_event("level2/doomed", "populated", 0);
	cg_rmdir("level2/doomed");

	pause_ms(500);
	CG_WRITE("level2", "cpu.max", "max 10000");
	pause_ms(300);

	for (w = 0; w < NWORKERS; w++)
		expect_throttled(workers[w]);
	expect_throttled("level2");

	SAFE_CLOSE(stop_fds[0]);
	SAFE_CLOSE(stop_fds[1]);
	if (reap_all(n))
		tst_res(TPASS, "all %d tasks exited once told to stop", n);
}

struct window {
	long long usage, wall, throttled, periods;
};

/* Measure the group "meas" for at least min_ms and min_periods. */
static void measure(struct window *w, int min_ms, int min_periods)
{
	long long u0 = cg_read_key("meas", "cpu.stat", "usage_usec");
	long long t0 = cg_read_key("meas", "cpu.stat", "nr_throttled");
	long long p0 = cg_read_key("meas", "cpu.stat", "nr_periods");
	long long start = tst_mono_ns() / 1000;
	long long deadline = tst_mono_ms() + 30000 * tst_timeout_mul();

	do {
		pause_ms(100);
		w->wall = tst_mono_ns() / 1000 - start;
		w->periods = cg_read_key("meas", "cpu.stat", "nr_periods") - p0;
	} while ((w->wall < min_ms * 1000LL || w->periods < min_periods) &&
		 tst_mono_ms() < deadline);
	w->usage = cg_read_key("meas", "cpu.stat", "usage_usec") - u0;
	w->wall = tst_mono_ns() / 1000 - start;
	w->throttled = cg_read_key("meas", "cpu.stat", "nr_throttled") - t0;
	tst_res(TINFO, "%lld us of CPU in %lld us, %lld periods, %lld "
		"throttled", w->usage, w->wall, w->periods, w->throttled);
}

static void limited(struct window *w, const char *what)
{
	TST_EXP_EXPR(w->usage * 2 < w->wall && w->usage * 50 > w->wall,
		     "%s: the group used between 1/50 and 1/2 of a CPU "
		     "(%lld us in %lld us)", what, w->usage, w->wall);
	TST_EXP_EXPR(w->throttled > 0, "%s: the group was throttled", what);
}

static void usage_bounds(void)
{
	struct window w;
	pid_t pid[2];
	int i;

	cg_mkdir("meas");
	CG_WRITE("meas", "cpu.max", "10000 100000");
	SAFE_PIPE(stop_fds);
	for (i = 0; i < 2; i++)
		tasks[i] = pid[i] = start_task("meas", 0);

	measure(&w, 2000, 10);
	limited(&w, "\"10000 100000\"");

	CG_WRITE("meas", "cpu.max", "max 100000");
	measure(&w, 700, 0);
	TST_EXP_EXPR(w.usage * 10 > w.wall * 6, "\"max\": the group used "
		     "more than 0.6 of a CPU (%lld us in %lld us)", w.usage,
		     w.wall);

	CG_WRITE("meas", "cpu.max", "10000 200000");
	measure(&w, 3000, 10);
	limited(&w, "\"10000 200000\"");

	for (i = 0; i < 2; i++) {
		SAFE_KILL(pid[i], SIGKILL);
		reap_child_killed(pid[i], SIGKILL);
		tasks[i] = 0;
	}
	SAFE_CLOSE(stop_fds[0]);
	SAFE_CLOSE(stop_fds[1]);
	cg_wait_event("meas", "populated", 0);
	cg_rmdir("meas");
}

static void run(void)
{
	cpu_max_errors();
	hierarchy();
	usage_bounds();
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpu", NULL};
	int w;

	cg_setup(ctrls, 1);
	cg_require_file("cpu.max", "no CFS bandwidth control");
	cg_mkdir("level2");
	CG_WRITE("level2", "cgroup.subtree_control", "+cpu");
	cg_mkdir("level2/level3a");
	CG_WRITE("level2/level3a", "cgroup.subtree_control", "+cpu");
	cg_mkdir("level2/level3b");
	CG_WRITE("level2/level3b", "cgroup.subtree_control", "+cpu");
	for (w = 0; w < NWORKERS; w++) {
		cg_mkdir(workers[w]);
		CG_WRITE(workers[w], "cpu.max", "%s", quotas[w]);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.timeout = 150,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_SCHED", "CONFIG_CFS_BANDWIDTH",
		NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "39f23ce07b93"},
		{"linux-git", "b34cb07dde7c"},
		{"linux-git", "fe61468b2cbc"},
		{"linux-git", "5ab297bab984"},
		{"linux-git", "6d4d22468dae"},
		{"linux-git", "fdaba61ef8a2"},
		{}
	},
};
