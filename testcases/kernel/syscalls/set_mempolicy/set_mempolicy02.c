// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_mempolicy() errors (mm/mempolicy.c kernel_set_mempolicy(),
 * sanitize_mpol_flags(), get_nodes(), mpol_new(), mpol_set_nodemask()):
 *
 * - EINVAL: a mode past the last one; MPOL_F_STATIC_NODES together with
 *   MPOL_F_RELATIVE_NODES; MPOL_F_NUMA_BALANCING with MPOL_INTERLEAVE;
 *   MPOL_BIND or MPOL_INTERLEAVE with an empty or NULL mask; a mask of
 *   only a node the process may not use; MPOL_DEFAULT or MPOL_LOCAL with
 *   nodes; MPOL_PREFERRED with an empty mask and MPOL_F_STATIC_NODES;
 *   maxnode past a page of bits.
 * - EFAULT: a node mask that cannot be read.
 * A failed call leaves the thread's policy as it was (MPOL_PREFERRED set
 * before).
 */
#include <sys/mman.h>
#include "numa_raw.h"

static int node, bad_node;
static struct numa_mask one, none, other;
static unsigned long *unmapped;

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();
	size_t pg = getpagesize();

	node = numa_first(&allowed);
	bad_node = numa_first_unset(&allowed);
	one = numa_mask_of(node);
	other = numa_mask_of(bad_node);
	numa_mask_clear(&none);
	tst_res(TINFO, "allowed node %d, node %d not allowed", node,
		bad_node);
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static void run(void)
{
	long pg = getpagesize();

	if (set_mempolicy_raw(MPOL_PREFERRED, one.b, NUMA_MAXNODE_IN))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_PREFERRED)");

	TST_EXP_FAIL(set_mempolicy_raw(1000, one.b, NUMA_MAXNODE_IN), EINVAL,
		     "set_mempolicy(mode 1000)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_BIND | MPOL_F_STATIC_NODES |
				       MPOL_F_RELATIVE_NODES, one.b,
				       NUMA_MAXNODE_IN), EINVAL,
		     "set_mempolicy(MPOL_F_STATIC_NODES|MPOL_F_RELATIVE_NODES)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_INTERLEAVE | MPOL_F_NUMA_BALANCING,
				       one.b, NUMA_MAXNODE_IN), EINVAL,
		     "set_mempolicy(MPOL_INTERLEAVE|MPOL_F_NUMA_BALANCING)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_BIND, none.b, NUMA_MAXNODE_IN),
		     EINVAL, "set_mempolicy(MPOL_BIND, empty mask)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_INTERLEAVE, NULL, 0), EINVAL,
		     "set_mempolicy(MPOL_INTERLEAVE, NULL mask)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_BIND, other.b, NUMA_MAXNODE_IN),
		     EINVAL, "set_mempolicy(MPOL_BIND, node %d not allowed)",
		     bad_node);
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_INTERLEAVE, other.b,
				       NUMA_MAXNODE_IN), EINVAL,
		     "set_mempolicy(MPOL_INTERLEAVE, node %d not allowed)",
		     bad_node);
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_DEFAULT, one.b, NUMA_MAXNODE_IN),
		     EINVAL, "set_mempolicy(MPOL_DEFAULT, with a node)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_LOCAL, one.b, NUMA_MAXNODE_IN),
		     EINVAL, "set_mempolicy(MPOL_LOCAL, with a node)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_PREFERRED | MPOL_F_STATIC_NODES,
				       none.b, NUMA_MAXNODE_IN), EINVAL,
		     "set_mempolicy(MPOL_PREFERRED|MPOL_F_STATIC_NODES, "
		     "empty mask)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_BIND, one.b, 8 * pg + 2), EINVAL,
		     "set_mempolicy(maxnode PAGE_SIZE*8+2)");
	TST_EXP_FAIL(set_mempolicy_raw(MPOL_BIND, unmapped, NUMA_MAXNODE_IN),
		     EFAULT, "set_mempolicy(mask at an unmapped address)");

	expect_policy(NULL, MPOL_PREFERRED, &one,
		      "the policy after the failed calls");
	if (set_mempolicy_raw(MPOL_DEFAULT, NULL, 0))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_DEFAULT)");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
};
