// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What get_mempolicy() reports:
 *
 * - With no policy set: MPOL_DEFAULT and an empty mask, for the thread and
 *   for a mapping (MPOL_F_ADDR).
 * - MPOL_F_MEMS_ALLOWED: the nodes of "Mems_allowed_list" in
 *   /proc/self/status.
 * - MPOL_F_NODE|MPOL_F_ADDR: the node of the page at the address, the
 *   same as move_pages() with no nodes reports for it, an allowed node;
 *   for a page not yet touched, the node of the page it is faulted in
 *   with (a read fault: the zero page).
 * - The mask is written as maxnode bits: with maxnode a whole page of
 *   bits, every bit past the nodes of the kernel is cleared, none is
 *   left as it was (copy_nodes_to_user() clears the tail).
 * - The mode and the mask pointers may each be NULL.
 */
#include <sys/mman.h>
#include "numa_raw.h"

static size_t pg;
static int node;
static struct numa_mask allowed, one;

static void setup(void)
{
	pg = getpagesize();
	allowed = numa_allowed();
	node = numa_first(&allowed);
	one = numa_mask_of(node);
}

static void test_default(void)
{
	char *p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	expect_policy(NULL, MPOL_DEFAULT, NULL, "the thread, no policy set");
	expect_policy(p, MPOL_DEFAULT, NULL, "a mapping, no policy set");
	SAFE_MUNMAP(p, pg);
}

static void test_mems_allowed(void)
{
	struct numa_mask got;

	memset(&got, 0xff, sizeof(got));
	TST_EXP_PASS(get_mempolicy_raw(NULL, got.b, NUMA_MAXNODE_OUT, NULL,
				       MPOL_F_MEMS_ALLOWED),
		     "get_mempolicy(MPOL_F_MEMS_ALLOWED)");
	TST_EXP_EXPR(numa_mask_eq(&got, &allowed),
		     "MPOL_F_MEMS_ALLOWED mask 0x%lx is Mems_allowed_list's "
		     "0x%lx", got.b[0], allowed.b[0]);
}

static void test_node_of_page(void)
{
	char *p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *pages[1] = { p };
	int got = -1, status = -100;

	p[0] = 1;
	TST_EXP_PASS(get_mempolicy_raw(&got, NULL, 0, p + 100,
				       MPOL_F_NODE | MPOL_F_ADDR),
		     "get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR) of a touched "
		     "page");
	if (move_pages_raw(0, 1, pages, NULL, &status, 0))
		tst_brk(TBROK | TERRNO, "move_pages(nodes NULL)");
	TST_EXP_EXPR(got == status && got >= 0 && numa_mask_isset(&allowed,
								 got),
		     "node %d, move_pages() says %d, an allowed node", got,
		     status);

	got = -1;
	TST_EXP_PASS(get_mempolicy_raw(&got, NULL, 0, p + pg,
				       MPOL_F_NODE | MPOL_F_ADDR),
		     "get_mempolicy(MPOL_F_NODE|MPOL_F_ADDR) of an untouched "
		     "page");
	TST_EXP_EXPR(got >= 0 && got < (int)NUMA_MASK_BITS,
		     "node %d is a node number", got);
	SAFE_MUNMAP(p, 2 * pg);
}

static void test_mask_tail(void)
{
	unsigned long *buf = SAFE_MALLOC(pg);
	size_t i, nlongs = pg / sizeof(long), bad = 0;

	if (set_mempolicy_raw(MPOL_BIND, one.b, NUMA_MAXNODE_IN))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_BIND)");
	memset(buf, 0xff, pg);
	TST_EXP_PASS(get_mempolicy_raw(NULL, buf, 8 * pg, NULL, 0),
		     "get_mempolicy(maxnode PAGE_SIZE*8)");
	for (i = 0; i < nlongs; i++) {
		unsigned long want = i < NUMA_MASK_LONGS ? one.b[i] : 0;

		bad += buf[i] != want;
	}
	TST_EXP_EXPR(!bad, "the page of mask bits is node %d's bit and zeros "
		     "(%zu of %zu longs differ)", node, bad, nlongs);

	TST_EXP_PASS(get_mempolicy_raw(NULL, NULL, 0, NULL, 0),
		     "get_mempolicy(NULL, NULL)");
	if (set_mempolicy_raw(MPOL_DEFAULT, NULL, 0))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_DEFAULT)");
	free(buf);
}

static void run(void)
{
	test_default();
	test_mems_allowed();
	test_node_of_page();
	test_mask_tail();
}

static void cleanup(void)
{
	set_mempolicy_raw(MPOL_DEFAULT, NULL, 0);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
};
