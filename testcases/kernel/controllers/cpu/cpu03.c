// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpu controller: cpu.weight shares and cpu.idle
 * (kernel/sched/fair.c: sched_group_set_shares(), sched_group_set_idle()),
 * measured with two busy loops pinned to one CPU, one in each of two
 * sibling cgroups, until the pair has had 400 ms of CPU (cpu.stat
 * usage_usec deltas):
 *  - cpu.weight 100 against 400: the heavier one gets more than twice
 *    the CPU of the lighter one (4 times in theory), and the lighter one
 *    more than 5 % of the pair's (20 % in theory): neither ignored
 *    weights nor starvation pass;
 *  - cpu.idle: reads 0 by default; 2 and -1 are EINVAL; with 1 the
 *    group takes the minimum weight (cpu.weight reads 0 on 6.1, 1 once
 *    the value is clamped to the range), a cpu.weight write is EINVAL
 *    while it is idle, and its loop gets under 10 % of the pair's CPU
 *    against a sibling of weight 100 (SCHED_IDLE weight 3 against 1024);
 *    back to 0 the weight reads 100 again whatever it was before.
 * Both sides of each comparison are the guest's own accounting of the
 * same interval, so a slow or loaded guest shortens the interval but
 * does not change the ratio; the bounds are wide anyway.
 */

#include <sched.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "cpu_pin.h"

/* Pinned after the move (cg_enter() can reset the affinity), for good. */
static void spinner(const char *rel, int ready)
{
	cg_enter(rel);
	pin_to_cpu(0);
	SAFE_WRITE(1, ready, "r", 1);
	spin_on_cpu(0);
}

/* CPU time (us) the loops in a and b got while together on CPU 0 */
static void measure(long long *ua, long long *ub)
{
	long long a0, b0, deadline;
	pid_t pa, pb;
	int pfd[2];
	char c;

	SAFE_PIPE(pfd);
	pa = SAFE_FORK();
	if (!pa)
		spinner("a", pfd[1]);
	pb = SAFE_FORK();
	if (!pb)
		spinner("b", pfd[1]);
	SAFE_READ(1, pfd[0], &c, 1);
	SAFE_READ(1, pfd[0], &c, 1);
	SAFE_CLOSE(pfd[0]);
	SAFE_CLOSE(pfd[1]);

	a0 = cg_read_key("a", "cpu.stat", "usage_usec");
	b0 = cg_read_key("b", "cpu.stat", "usage_usec");
	deadline = tst_mono_ms() + 20000 * tst_timeout_mul();
	do {
		usleep(50000);
		*ua = cg_read_key("a", "cpu.stat", "usage_usec") - a0;
		*ub = cg_read_key("b", "cpu.stat", "usage_usec") - b0;
	} while (*ua + *ub < 400000 && tst_mono_ms() < deadline);

	SAFE_KILL(pa, SIGKILL);
	SAFE_KILL(pb, SIGKILL);
	reap_child_killed(pa, SIGKILL);
	reap_child_killed(pb, SIGKILL);
	if (*ua + *ub < 400000)
		tst_brk(TBROK, "the loops got only %lld us of CPU in 20 s",
			*ua + *ub);
	tst_res(TINFO, "a got %lld us, b %lld us", *ua, *ub);
}

static void run(void)
{
	long long ua, ub, w;

	cg_mkdir("a");
	cg_mkdir("b");

	CG_WRITE("a", "cpu.weight", "100");
	CG_WRITE("b", "cpu.weight", "400");
	measure(&ua, &ub);
	TST_EXP_EXPR(ub > 2 * ua, "weight 400 got %lld us > 2 x %lld us of "
		     "weight 100", ub, ua);
	TST_EXP_EXPR(ua * 20 > ua + ub, "weight 100 got %lld us > 5 %% of "
		     "%lld us", ua, ua + ub);

	TST_EXP_EQ_LI(cg_read_num("a", "cpu.idle"), 0);
	TST_EXP_FAIL(cg_try_write("a", "cpu.idle", "2"), EINVAL,
		     "cpu.idle 2");
	TST_EXP_FAIL(cg_try_write("a", "cpu.idle", "-1"), EINVAL,
		     "cpu.idle -1");
	CG_WRITE("a", "cpu.weight", "400");
	CG_WRITE("b", "cpu.weight", "100");
	TST_EXP_PASS(cg_try_write("a", "cpu.idle", "1"), "cpu.idle 1");
	TST_EXP_EQ_LI(cg_read_num("a", "cpu.idle"), 1);
	w = cg_read_num("a", "cpu.weight");
	TST_EXP_EXPR(w == 0 || w == 1, "cpu.weight of the idle group reads "
		     "%lld (the minimum)", w);
	TST_EXP_FAIL(cg_try_write("a", "cpu.weight", "200"), EINVAL,
		     "cpu.weight write while cpu.idle is 1");
	measure(&ua, &ub);
	TST_EXP_EXPR(ua * 10 < ua + ub, "idle group got %lld us < 10 %% of "
		     "%lld us", ua, ua + ub);
	TST_EXP_PASS(cg_try_write("a", "cpu.idle", "0"), "cpu.idle 0");
	TST_EXP_EQ_LI(cg_read_num("a", "cpu.weight"), 100);

	cg_rmdir("a");
	cg_rmdir("b");
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpu", NULL};
	char path[PATH_MAX];

	cg_setup(ctrls, 1);
	cg_mkdir("probe");
	cg_path(path, sizeof(path), "probe", "cpu.idle");
	if (access(path, F_OK)) {
		cg_rmdir("probe");
		tst_brk(TCONF, "no cpu.idle (5.15+, CONFIG_FAIR_GROUP_SCHED)");
	}
	cg_rmdir("probe");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUP_SCHED", "CONFIG_FAIR_GROUP_SCHED", NULL
	},
};
