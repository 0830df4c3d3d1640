// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An OOM constrained by a cpuset (upstream oom04's case) picks its victim
 * among the tasks whose cpuset may use the nodes that ran out only. With
 * two nodes A and B, cgroup v2 cpusets "a" (cpuset.mems A) and "b"
 * (cpuset.mems B) under the test's own cgroup, overcommit_memory 1,
 * oom_kill_allocating_task 0, panic_on_oom 0 (restored after), no swap
 * and no memory policy anywhere:
 *  - a holder in "a" with oom_score_adj 1000 touches 128 MiB, every
 *    page on A (move_pages status); its Mems_allowed_list is A. Its
 *    default policy lets NUMA balancing scan its pages, but not move
 *    them off A: the hinting fault migrates in the holder's context and
 *    allocates within its cpuset's mems (prepare_alloc_pages()), so
 *    every page must still be on A after the OOM;
 *  - a victim outside both cpusets (every node allowed) with
 *    MPOL_PREFERRED B and oom_score_adj 1000 touches 64 MiB on B;
 *  - an eater in "b" (oom_score_adj 0) touches up to node B's MemTotal
 *    + 64 MiB.
 * The allocation is kept off A by the cpuset (cpuset_zone_allowed()), so
 * the OOM is CONSTRAINT_CPUSET (mm/oom_kill.c constrained_alloc()), and
 * oom_cpuset_eligible() asks cpuset_mems_allowed_intersects(): the
 * holder's mems A do not meet the eater's B, so it is skipped although
 * its badness (larger, same adj) is the highest. So the victim dies of
 * SIGKILL, the eater stops then and exits 0, the holder lives with its
 * pages intact on A, and /proc/vmstat counts exactly one oom_kill. A
 * kernel that ignored the cpuset in choosing kills the holder. One
 * node: TCONF (ltp-vm --numa 2). The three tasks and the verdict are
 * oom_nodes.h's.
 */
#include "oom_nodes.h"
#include "cgroup2.h"

/* Mems_allowed_list of /proc/self/status as one node, or -1 */
static int mems_allowed_node(void)
{
	char line[256];
	int node = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Mems_allowed_list:", 18)) {
			if (!strchr(line, ',') && !strchr(line, '-'))
				node = atoi(line + 18);
			break;
		}
	}
	fclose(f);
	return node;
}

static void enter_a(void)
{
	cg_enter("a");
	/* the cpuset, not a policy, keeps the holder to A */
	TST_EXP_EQ_LI(mems_allowed_node(), na);
}

static void enter_b(void)
{
	cg_enter("b");
}

static const struct oom_nodes by_cpuset = {
	.place_a = enter_a,
	.place_b = enter_b,
	.how_kept = "in the cpuset of",
};

static void run(void)
{
	oom_nodes_run(&by_cpuset);
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpuset", NULL};

	oom_nodes_setup();
	cg_setup(ctrls, 1);
	cg_mkdir("a");
	CG_WRITE("a", "cpuset.mems", "%d", na);
	cg_mkdir("b");
	CG_WRITE("b", "cpuset.mems", "%d", nb);
	TST_EXP_EQ_LI(cg_read_num("a", "cpuset.mems.effective"), na);
	TST_EXP_EQ_LI(cg_read_num("b", "cpuset.mems.effective"), nb);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.exclusive = 1,
	.timeout = 180,
	.save_restore = (const struct tst_path_val[]) {
		OOM_NODES_SYSCTLS,
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CPUSETS", "CONFIG_NUMA", NULL
	},
	.taint_check = TST_TAINT_D,
};
