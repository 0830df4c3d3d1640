// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * get_mempolicy() errors (mm/mempolicy.c kernel_get_mempolicy(),
 * do_get_mempolicy(), copy_nodes_to_user()):
 *
 * - EINVAL: an unknown flag; MPOL_F_MEMS_ALLOWED with MPOL_F_NODE or
 *   MPOL_F_ADDR; an address without MPOL_F_ADDR; MPOL_F_NODE without
 *   MPOL_F_ADDR when the thread's policy is not MPOL_INTERLEAVE; a mask
 *   with maxnode 0 (fewer bits than nodes); maxnode past a page of bits.
 * - EFAULT: MPOL_F_ADDR at an unmapped address; a mode or a mask pointer
 *   that cannot be written.
 */
#include <sys/mman.h>
#include "numa_raw.h"

static size_t pg;
static char *p, *unmapped;

static void setup(void)
{
	pg = getpagesize();
	p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static void run(void)
{
	struct numa_mask m;
	unsigned long *big = SAFE_MALLOC(2 * pg);
	int mode;

	TST_EXP_FAIL(get_mempolicy_raw(&mode, m.b, NUMA_MAXNODE_OUT, NULL,
				       1UL << 3), EINVAL,
		     "get_mempolicy(flags 1<<3)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, m.b, NUMA_MAXNODE_OUT, NULL,
				       MPOL_F_MEMS_ALLOWED | MPOL_F_NODE),
		     EINVAL, "get_mempolicy(MPOL_F_MEMS_ALLOWED|MPOL_F_NODE)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, m.b, NUMA_MAXNODE_OUT, p,
				       MPOL_F_MEMS_ALLOWED | MPOL_F_ADDR),
		     EINVAL, "get_mempolicy(MPOL_F_MEMS_ALLOWED|MPOL_F_ADDR)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, m.b, NUMA_MAXNODE_OUT, p, 0),
		     EINVAL, "get_mempolicy(an address, no MPOL_F_ADDR)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, NULL, 0, NULL, MPOL_F_NODE),
		     EINVAL, "get_mempolicy(MPOL_F_NODE) under MPOL_DEFAULT");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, m.b, 0, NULL, 0), EINVAL,
		     "get_mempolicy(mask, maxnode 0)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, big, 8 * pg + 65, NULL, 0),
		     EINVAL, "get_mempolicy(maxnode PAGE_SIZE*8+65)");

	TST_EXP_FAIL(get_mempolicy_raw(&mode, m.b, NUMA_MAXNODE_OUT, unmapped,
				       MPOL_F_ADDR), EFAULT,
		     "get_mempolicy(MPOL_F_ADDR, unmapped address)");
	TST_EXP_FAIL(get_mempolicy_raw((int *)unmapped, NULL, 0, NULL, 0),
		     EFAULT, "get_mempolicy(mode at an unmapped address)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, (unsigned long *)unmapped,
				       NUMA_MAXNODE_OUT, NULL, 0), EFAULT,
		     "get_mempolicy(mask at an unmapped address)");
	TST_EXP_FAIL(get_mempolicy_raw(&mode, NULL, 0, p,
				       MPOL_F_NODE | MPOL_F_ADDR | 0x100),
		     EINVAL, "get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR|0x100)");
	free(big);
}

static void cleanup(void)
{
	if (p)
		SAFE_MUNMAP(p, pg);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
};
