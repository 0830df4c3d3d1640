// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_mempolicy_home_node(2), raw (mm/mempolicy.c, same in 6.1 and 6.12):
 * - on a range whose mapping has an MPOL_BIND policy (mbind), setting the
 *   home node to an allowed node succeeds, also when the range goes on
 *   over pages with no policy of their own (they are skipped);
 * - a range whose mappings have no policy at all is ENOENT, as is a range
 *   with nothing mapped;
 * - a range with an MPOL_PREFERRED policy is EOPNOTSUPP (only MPOL_BIND
 *   and MPOL_PREFERRED_MANY take a home node);
 * - flags other than 0, a start that is not page aligned, a node that is
 *   not online (>= MAX_NUMNODES) and a range that wraps around are EINVAL;
 * - a zero length is a no-op returning 0.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "numa_raw.h"
#include "lapi/mempolicy.h"

static char *map, *gone;
static long psz;
static int node;

static long sys_home(void *start, unsigned long len, unsigned long home,
		     unsigned long flags)
{
	return tst_syscall(__NR_set_mempolicy_home_node, start, len, home,
			   flags);
}

static void run(void)
{
	struct numa_mask m = numa_mask_of(node);

	/* pages 0-1: MPOL_BIND, 2-3: MPOL_PREFERRED, 4-5: no policy */
	if (mbind_raw(map, 2 * psz, MPOL_BIND, m.b, NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(MPOL_BIND, node %d)", node);
	if (mbind_raw(map + 2 * psz, 2 * psz, MPOL_PREFERRED, m.b,
		      NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(MPOL_PREFERRED, node %d)", node);

	TST_EXP_PASS(sys_home(map, 2 * psz, node, 0),
		     "home node %d on an MPOL_BIND range", node);
	TST_EXP_PASS(sys_home(map, psz, node, 0),
		     "home node %d on part of an MPOL_BIND range", node);
	TST_EXP_FAIL(sys_home(map + 4 * psz, 2 * psz, node, 0), ENOENT,
		     "home node on a range with no policy");
	TST_EXP_FAIL(sys_home(gone, psz, node, 0), ENOENT,
		     "home node on an unmapped range");
	TST_EXP_FAIL(sys_home(map + 2 * psz, 2 * psz, node, 0), EOPNOTSUPP,
		     "home node on an MPOL_PREFERRED range");
	TST_EXP_FAIL(sys_home(map, 2 * psz, node, 1), EINVAL,
		     "flags 1");
	TST_EXP_FAIL(sys_home(map + 1, psz, node, 0), EINVAL,
		     "unaligned start");
	TST_EXP_FAIL(sys_home(map, 2 * psz, NUMA_MASK_BITS, 0), EINVAL,
		     "home node %lu (>= MAX_NUMNODES)",
		     (unsigned long)NUMA_MASK_BITS);
	TST_EXP_FAIL(sys_home(map, -2 * psz, node, 0), EINVAL,
		     "range wrapping around");
	TST_EXP_PASS(sys_home(map, 0, node, 0), "zero length");
	TST_EXP_PASS(sys_home(gone, 0, node, 0), "zero length, unmapped");
}

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	psz = getpagesize();
	node = numa_first(&allowed);
	if (node < 0)
		tst_brk(TBROK, "no allowed NUMA node");
	map = SAFE_MMAP(NULL, 6 * psz, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gone = SAFE_MMAP(NULL, psz, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	SAFE_MUNMAP(gone, psz);
	tst_res(TINFO, "using node %d", node);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
};
