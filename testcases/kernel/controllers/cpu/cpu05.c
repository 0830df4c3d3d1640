// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpu.max is hierarchical: a parent's quota bounds its
 * children that have none of their own (kernel/sched/fair.c:
 * throttle_cfs_rq() throttles the parent's whole subtree). A parent p
 * with cpu.max "10000 100000" (10 ms per 100 ms) and two children c1 and
 * c2 without a limit, each with a busy loop, over at least a second:
 *  - the two loops together get well under half a CPU (the bound is five
 *    times the quota, so a slow guest cannot fail it, while a parent
 *    limit not applied to children lets them have all they can get);
 *  - p's cpu.stat nr_throttled and throttled_usec grow; c1's and c2's
 *    stay exactly 0 with their nr_periods (they have no bandwidth of
 *    their own: throttling is counted where the quota is);
 *  - where cpu.stat.local exists (6.8+), its throttled_usec of c1 and
 *    c2 grows: the time their tasks spent throttled by the ancestor;
 *  - once the loops are gone, p's usage_usec is the sum of c1's and
 *    c2's (rstat sums each child exactly; 2 us of rounding).
 */
#include "tst_test.h"
#include "cgroup2.h"

static const char *const kids[] = {"p/c1", "p/c2"};

static pid_t spin_in(const char *rel)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		volatile unsigned long spin = 0;

		cg_enter(rel);
		for (;;)
			spin++;
	}
	return pid;
}

static long long usage(void)
{
	return cg_read_key(kids[0], "cpu.stat", "usage_usec") +
	       cg_read_key(kids[1], "cpu.stat", "usage_usec");
}

static int has_local(void)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), kids[0], "cpu.stat.local");
	return !access(path, F_OK);
}

static void run(void)
{
	long long thr0, tus0, start, u0, u, wall, sum;
	long long deadline = tst_mono_ms() + 60000 * tst_timeout_mul();
	pid_t pids[2];
	int i, local;

	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+cpu");
	for (i = 0; i < 2; i++)
		cg_mkdir(kids[i]);
	CG_WRITE("p", "cpu.max", "10000 100000");
	local = has_local();
	thr0 = cg_read_key("p", "cpu.stat", "nr_throttled");
	tus0 = cg_read_key("p", "cpu.stat", "throttled_usec");

	for (i = 0; i < 2; i++)
		pids[i] = spin_in(kids[i]);
	while (usage() == 0) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "the loops did not start");
		usleep(10000);
	}

	/* at least a second and until p was throttled 10 times */
	u0 = usage();
	start = tst_mono_ns() / 1000;
	do {
		usleep(100000);
		wall = tst_mono_ns() / 1000 - start;
	} while ((wall < 1000000 ||
		  cg_read_key("p", "cpu.stat", "nr_throttled") < thr0 + 10) &&
		 tst_mono_ms() < deadline);
	u = usage() - u0;

	TST_EXP_EXPR(u * 2 < wall, "c1 + c2 used %lld us of CPU in %lld us "
		     "under p's 10 %% quota (bound: half of it)", u, wall);
	TST_EXP_EXPR(cg_read_key("p", "cpu.stat", "nr_throttled") >= thr0 + 10
		     && cg_read_key("p", "cpu.stat", "throttled_usec") > tus0,
		     "p's nr_throttled and throttled_usec grow");
	for (i = 0; i < 2; i++) {
		TST_EXP_EXPR(!cg_read_key(kids[i], "cpu.stat", "nr_throttled") &&
			     !cg_read_key(kids[i], "cpu.stat", "throttled_usec")
			     && !cg_read_key(kids[i], "cpu.stat", "nr_periods"),
			     "%s: nr_periods, nr_throttled, throttled_usec 0",
			     kids[i]);
		if (local)
			TST_EXP_EXPR(cg_read_key(kids[i], "cpu.stat.local",
						 "throttled_usec") > 0,
				     "%s: cpu.stat.local throttled_usec > 0",
				     kids[i]);
	}
	if (!local)
		tst_res(TCONF, "no cpu.stat.local (6.8+)");

	for (i = 0; i < 2; i++) {
		SAFE_KILL(pids[i], SIGKILL);
		reap_child_killed(pids[i], SIGKILL);
	}
	sum = usage();
	u = cg_read_key("p", "cpu.stat", "usage_usec");
	TST_EXP_EXPR(u >= sum && u <= sum + 2, "p's usage_usec %lld = c1 + c2 "
		     "%lld", u, sum);

	for (i = 0; i < 2; i++)
		cg_rmdir(kids[i]);
	cg_rmdir("p");
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpu", NULL};

	cg_setup(ctrls, 1);
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
		"CONFIG_CFS_BANDWIDTH", NULL
	},
};
