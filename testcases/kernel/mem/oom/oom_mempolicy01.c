// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An OOM constrained by a memory policy (upstream oom02's case) picks its
 * victim among the tasks that may use the nodes that ran out only. With
 * two nodes A and B, overcommit_memory 1, oom_kill_allocating_task 0,
 * panic_on_oom 0 (restored after) and no swap active:
 *  - a holder bound to A (MPOL_BIND) with oom_score_adj 1000 touches
 *    128 MiB, every page on A (move_pages status);
 *  - a victim with MPOL_PREFERRED B and oom_score_adj 1000 touches
 *    64 MiB, every page on B (its death must free memory on B: with its
 *    pages elsewhere the eater would be the next victim);
 *  - an eater bound to B (oom_score_adj 0) touches up to node B's
 *    MemTotal + 64 MiB, stopping at the first OOM kill.
 * The OOM is CONSTRAINT_MEMORY_POLICY (mm/oom_kill.c constrained_alloc():
 * the allocation's nodemask does not cover every node with memory), and
 * oom_cpuset_eligible() asks mempolicy_in_oom_domain(): the holder's
 * MPOL_BIND to A does not intersect B, so it is skipped although its
 * badness (larger, same adj) is the highest; the victim's policy is not
 * MPOL_BIND, so it counts as able to use B. So the victim dies of
 * SIGKILL, the eater stops then and exits 0, the holder lives with its
 * pages intact on A, and /proc/vmstat counts exactly one oom_kill. One
 * node: TCONF (ltp-vm --numa 2).
 * The three tasks and the verdict are oom_nodes.h's.
 */
#include "oom_nodes.h"

static void bind_a(void)
{
	oom_policy(MPOL_BIND, na);
}

static void bind_b(void)
{
	oom_policy(MPOL_BIND, nb);
}

static const struct oom_nodes by_policy = {
	.place_a = bind_a,
	.place_b = bind_b,
	.how_kept = "bound to",
};

static void run(void)
{
	oom_nodes_run(&by_policy);
}

static struct tst_test test = {
	.test_all = run,
	.setup = oom_nodes_setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.exclusive = 1,
	.timeout = 180,
	.save_restore = (const struct tst_path_val[]) {
		OOM_NODES_SYSCTLS,
		{NULL, NULL, 0}
	},
	.taint_check = TST_TAINT_D,
};
