// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mbind() errors (mm/mempolicy.c kernel_mbind(), do_mbind(), get_nodes()):
 *
 * - EINVAL: start not page aligned; a mode past the last one; both
 *   MPOL_F_STATIC_NODES and MPOL_F_RELATIVE_NODES; MPOL_F_NUMA_BALANCING
 *   with MPOL_INTERLEAVE; an unknown flag; MPOL_BIND or MPOL_INTERLEAVE
 *   with an empty mask; MPOL_BIND to a node the process may not use (so
 *   the mask left is empty); MPOL_LOCAL or MPOL_DEFAULT with nodes;
 *   MPOL_PREFERRED with an empty mask and MPOL_F_STATIC_NODES; maxnode
 *   past a page of bits.
 * - EFAULT: a range that is not mapped, a range with a hole, a node mask
 *   that cannot be read.
 * - EPERM: MPOL_MF_MOVE_ALL without CAP_SYS_NICE (as nobody).
 * A failed call leaves the policy of the range as it was.
 */
#include <sys/mman.h>
#include "numa_raw.h"
#include "as_nobody.h"

static size_t pg;
static int node, bad_node;
static struct numa_mask one, none, other;
static char *p, *hole, *unmapped;

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	pg = getpagesize();
	node = numa_first(&allowed);
	bad_node = numa_first_unset(&allowed);
	one = numa_mask_of(node);
	other = numa_mask_of(bad_node);
	numa_mask_clear(&none);
	tst_res(TINFO, "allowed node %d, node %d not allowed", node,
		bad_node);

	p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	hole = SAFE_MMAP(NULL, 3 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(hole + pg, pg);
	unmapped = SAFE_MMAP(NULL, 2 * pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, 2 * pg);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND, one.b, NUMA_MAXNODE_IN,
			       MPOL_MF_MOVE_ALL), EPERM,
		     "mbind(MPOL_MF_MOVE_ALL) as nobody");
}

static void run(void)
{
	TST_EXP_FAIL(mbind_raw(p + 1, pg, MPOL_BIND, one.b, NUMA_MAXNODE_IN,
			       0), EINVAL, "mbind(start not page aligned)");
	TST_EXP_FAIL(mbind_raw(p, pg, 1000, one.b, NUMA_MAXNODE_IN, 0),
		     EINVAL, "mbind(mode 1000)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND | MPOL_F_STATIC_NODES |
			       MPOL_F_RELATIVE_NODES, one.b, NUMA_MAXNODE_IN,
			       0), EINVAL,
		     "mbind(MPOL_F_STATIC_NODES|MPOL_F_RELATIVE_NODES)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_INTERLEAVE | MPOL_F_NUMA_BALANCING,
			       one.b, NUMA_MAXNODE_IN, 0), EINVAL,
		     "mbind(MPOL_INTERLEAVE|MPOL_F_NUMA_BALANCING)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND, one.b, NUMA_MAXNODE_IN,
			       MPOL_MF_INTERNAL), EINVAL,
		     "mbind(flags MPOL_MF_INTERNAL)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND, none.b, NUMA_MAXNODE_IN, 0),
		     EINVAL, "mbind(MPOL_BIND, empty mask)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_INTERLEAVE, NULL, 0, 0), EINVAL,
		     "mbind(MPOL_INTERLEAVE, NULL mask)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND, other.b, NUMA_MAXNODE_IN, 0),
		     EINVAL, "mbind(MPOL_BIND, node %d not allowed)",
		     bad_node);
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_LOCAL, one.b, NUMA_MAXNODE_IN, 0),
		     EINVAL, "mbind(MPOL_LOCAL, with a node)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_DEFAULT, one.b, NUMA_MAXNODE_IN,
			       0), EINVAL, "mbind(MPOL_DEFAULT, with a node)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_PREFERRED | MPOL_F_STATIC_NODES,
			       none.b, NUMA_MAXNODE_IN, 0), EINVAL,
		     "mbind(MPOL_PREFERRED|MPOL_F_STATIC_NODES, empty mask)");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND, one.b, 8 * pg + 2, 0),
		     EINVAL, "mbind(maxnode PAGE_SIZE*8+2)");

	TST_EXP_FAIL(mbind_raw(unmapped, 2 * pg, MPOL_BIND, one.b,
			       NUMA_MAXNODE_IN, 0), EFAULT,
		     "mbind() of an unmapped range");
	TST_EXP_FAIL(mbind_raw(hole, 3 * pg, MPOL_BIND, one.b,
			       NUMA_MAXNODE_IN, 0), EFAULT,
		     "mbind() of a range with a hole");
	TST_EXP_FAIL(mbind_raw(p, pg, MPOL_BIND, (unsigned long *)unmapped,
			       NUMA_MAXNODE_IN, 0), EFAULT,
		     "mbind(node mask at an unmapped address)");

	expect_policy(p, MPOL_DEFAULT, NULL,
		      "the range's policy after the failed calls");
	run_in_nobody_child(as_nobody, "the EPERM checks");
}

static void cleanup(void)
{
	if (p)
		SAFE_MUNMAP(p, 4 * pg);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
};
