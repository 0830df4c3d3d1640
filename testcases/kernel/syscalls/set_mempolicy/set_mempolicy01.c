// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_mempolicy() sets the calling thread's memory policy and
 * get_mempolicy() reads it back, on the nodes this process may use:
 *
 * - MPOL_BIND, MPOL_INTERLEAVE, MPOL_PREFERRED, MPOL_PREFERRED_MANY (5.15)
 *   to one node read back with that node; MPOL_F_STATIC_NODES and
 *   MPOL_F_RELATIVE_NODES read back in the mode.
 * - MPOL_PREFERRED with an empty mask is local allocation: MPOL_LOCAL
 *   with an empty mask; MPOL_LOCAL itself the same.
 * - Pages first touched under MPOL_BIND are on the bound node
 *   (MPOL_F_NODE|MPOL_F_ADDR), under MPOL_INTERLEAVE get_mempolicy(
 *   MPOL_F_NODE) gives the next interleave node, one of the mask.
 * - The policy is the thread's: a child after fork() inherits it, and what
 *   the child sets is not the parent's.
 * - MPOL_DEFAULT with no mask restores the default (MPOL_DEFAULT, empty).
 */
#include <sys/mman.h>
#include <sys/wait.h>
#include "numa_raw.h"

#define NPAGES 4

static size_t pg;
static int node;
static struct numa_mask one;

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	pg = getpagesize();
	node = numa_first(&allowed);
	one = numa_mask_of(node);
	tst_res(TINFO, "using node %d", node);
}

static void set_and_check(int mode, const struct numa_mask *nodes,
			  int read_mode, const struct numa_mask *read_nodes,
			  const char *what)
{
	TEST(set_mempolicy_raw(mode, nodes ? nodes->b : NULL,
			       nodes ? NUMA_MAXNODE_IN : 0));
	if (TST_RET == -1 && TST_ERR == EINVAL &&
	    (mode & ~MPOL_MODE_FLAGS) == MPOL_PREFERRED_MANY &&
	    tst_kvercmp(5, 15, 0) < 0) {
		tst_res(TCONF, "MPOL_PREFERRED_MANY needs Linux 5.15");
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "set_mempolicy(%s) returned %ld", what,
			TST_RET);
		return;
	}
	expect_policy(NULL, read_mode, read_nodes, what);
}

static void test_modes(void)
{
	set_and_check(MPOL_BIND, &one, MPOL_BIND, &one, "MPOL_BIND");
	set_and_check(MPOL_INTERLEAVE, &one, MPOL_INTERLEAVE, &one,
		      "MPOL_INTERLEAVE");
	set_and_check(MPOL_PREFERRED, &one, MPOL_PREFERRED, &one,
		      "MPOL_PREFERRED");
	set_and_check(MPOL_PREFERRED_MANY, &one, MPOL_PREFERRED_MANY, &one,
		      "MPOL_PREFERRED_MANY");
	set_and_check(MPOL_BIND | MPOL_F_STATIC_NODES, &one,
		      MPOL_BIND | MPOL_F_STATIC_NODES, &one,
		      "MPOL_BIND|MPOL_F_STATIC_NODES");
	set_and_check(MPOL_INTERLEAVE | MPOL_F_RELATIVE_NODES, &one,
		      MPOL_INTERLEAVE | MPOL_F_RELATIVE_NODES, &one,
		      "MPOL_INTERLEAVE|MPOL_F_RELATIVE_NODES");
	set_and_check(MPOL_PREFERRED, NULL, MPOL_LOCAL, NULL,
		      "MPOL_PREFERRED with no nodes (local allocation)");
	set_and_check(MPOL_LOCAL, NULL, MPOL_LOCAL, NULL, "MPOL_LOCAL");
	set_and_check(MPOL_DEFAULT, NULL, MPOL_DEFAULT, NULL, "MPOL_DEFAULT");
}

static void test_placement(void)
{
	char *p;
	int i, bad = 0, next = -1;

	TST_EXP_PASS(set_mempolicy_raw(MPOL_BIND, one.b, NUMA_MAXNODE_IN),
		     "set_mempolicy(MPOL_BIND, node %d)", node);
	p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(p, 0x3c, NPAGES * pg);
	for (i = 0; i < NPAGES; i++)
		bad += numa_node_of(p + i * pg) != node;
	TST_EXP_EXPR(!bad, "%d pages first touched under MPOL_BIND are on "
		     "node %d (%d are not)", NPAGES, node, bad);
	SAFE_MUNMAP(p, NPAGES * pg);

	TST_EXP_PASS(set_mempolicy_raw(MPOL_INTERLEAVE, one.b,
				       NUMA_MAXNODE_IN),
		     "set_mempolicy(MPOL_INTERLEAVE, node %d)", node);
	TST_EXP_PASS(get_mempolicy_raw(&next, NULL, 0, NULL, MPOL_F_NODE),
		     "get_mempolicy(MPOL_F_NODE) under MPOL_INTERLEAVE");
	TST_EXP_EQ_LI(next, node);
}

static void test_fork(void)
{
	pid_t pid;

	TST_EXP_PASS(set_mempolicy_raw(MPOL_PREFERRED, one.b,
				       NUMA_MAXNODE_IN),
		     "set_mempolicy(MPOL_PREFERRED) before fork()");
	pid = SAFE_FORK();
	if (!pid) {
		expect_policy(NULL, MPOL_PREFERRED, &one,
			      "the child inherited the policy");
		if (set_mempolicy_raw(MPOL_BIND, one.b, NUMA_MAXNODE_IN))
			tst_brk(TBROK | TERRNO, "set_mempolicy() in the child");
		exit(0);
	}
	reap_child(pid);
	expect_policy(NULL, MPOL_PREFERRED, &one,
		      "the child's set_mempolicy() left the parent's");
	TST_EXP_PASS(set_mempolicy_raw(MPOL_DEFAULT, NULL, 0),
		     "set_mempolicy(MPOL_DEFAULT)");
	expect_policy(NULL, MPOL_DEFAULT, NULL, "after the reset");
}

static void run(void)
{
	test_modes();
	test_placement();
	test_fork();
}

static void cleanup(void)
{
	set_mempolicy_raw(MPOL_DEFAULT, NULL, 0);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
};
