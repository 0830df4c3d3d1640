// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mbind() of a range whose pages are already in memory, on a machine of
 * two nodes A and B (mm/mempolicy.c do_mbind(), queue_folios_pte_range(),
 * migrate_folio_add()):
 *
 * - MPOL_BIND to B with MPOL_MF_STRICT alone, the pages on A: EIO
 *   (a7f40cfe3b7a), the policy stays MPOL_BIND to A and no page moves.
 * - MPOL_BIND to B with MPOL_MF_MOVE: 0, every page is on B afterwards
 *   (move_pages() with nodes NULL and get_mempolicy(MPOL_F_NODE|
 *   MPOL_F_ADDR) agree), the data unchanged, the policy MPOL_BIND to B;
 *   MPOL_MF_STRICT then passes, no page being misplaced.
 * - MPOL_BIND back to A with MPOL_MF_MOVE|MPOL_MF_STRICT: 0, all on A.
 * - A shared anonymous page mapped twice (mremap() of old size 0 makes a
 *   second mapping of the same page): MPOL_MF_MOVE leaves it where it is
 *   (only pages of one mapping move), MPOL_MF_MOVE_ALL moves it, as root.
 * One node: TCONF.
 */
#include <sys/mman.h>
#include "lapi/mman.h"
#include "numa_raw.h"
#include "vm_helpers.h"

#define NPAGES 8

static size_t pg;
static int node_a, node_b;
static struct numa_mask mask_a, mask_b;
static char *priv, *shared, *alias;
static void *pages[NPAGES];

static void setup(void)
{
	int i;

	numa_two_nodes(&node_a, &node_b);
	mask_a = numa_mask_of(node_a);
	mask_b = numa_mask_of(node_b);
	pg = getpagesize();
	priv = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* page by page: no huge page may stand for the range */
	vm_no_thp(priv, NPAGES * pg);
	for (i = 0; i < NPAGES; i++)
		pages[i] = priv + i * pg;
	shared = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	alias = mremap(shared, 0, pg, MREMAP_MAYMOVE);
	if (alias == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap(shared, 0, %zu, MAYMOVE)", pg);
}

/* TPASS when every page of the private range is on node, else TFAIL. */
static void expect_all_on(int node, const char *when)
{
	int status[NPAGES], i, bad = -1;

	numa_where(pages, NPAGES, status);
	for (i = 0; i < NPAGES; i++) {
		if (status[i] != node && bad < 0)
			bad = i;
	}
	if (bad >= 0) {
		tst_res(TFAIL, "%s: page %d is on %d, expected node %d", when,
			bad, status[bad], node);
		return;
	}
	if (numa_node_of(priv + (NPAGES - 1) * pg) != node) {
		tst_res(TFAIL, "%s: get_mempolicy(MPOL_F_NODE) says node %d, "
			"move_pages() %d", when,
			numa_node_of(priv + (NPAGES - 1) * pg), node);
		return;
	}
	tst_res(TPASS, "%s: all %d pages on node %d", when, NPAGES, node);
}

static void expect_data(unsigned char seed, const char *when)
{
	int i;

	for (i = 0; i < NPAGES; i++) {
		if (priv[i * pg] != (char)(seed + i) ||
		    priv[i * pg + pg - 1] != (char)(seed + i)) {
			tst_res(TFAIL, "%s: page %d holds 0x%02x", when, i,
				(unsigned char)priv[i * pg]);
			return;
		}
	}
	tst_res(TPASS, "%s: the data is unchanged", when);
}

static void run(void)
{
	unsigned char seed = rand();
	int i, st;
	void *sp = shared;

	/* fault every page in on A, under MPOL_BIND to A */
	vm_madvise(priv, NPAGES * pg, MADV_DONTNEED, "MADV_DONTNEED");
	TST_EXP_PASS(mbind_raw(priv, NPAGES * pg, MPOL_BIND, mask_a.b,
			       NUMA_MAXNODE_IN, 0), "mbind(BIND to %d)", node_a);
	for (i = 0; i < NPAGES; i++) {
		priv[i * pg] = seed + i;
		priv[i * pg + pg - 1] = seed + i;
	}
	expect_all_on(node_a, "faulted under BIND to A");

	TST_EXP_FAIL(mbind_raw(priv, NPAGES * pg, MPOL_BIND, mask_b.b,
			       NUMA_MAXNODE_IN, MPOL_MF_STRICT), EIO,
		     "mbind(BIND to %d, STRICT) of pages on %d", node_b, node_a);
	expect_policy(priv, MPOL_BIND, &mask_a, "after the EIO");
	expect_all_on(node_a, "after the EIO");

	TST_EXP_PASS(mbind_raw(priv, NPAGES * pg, MPOL_BIND, mask_b.b,
			       NUMA_MAXNODE_IN, MPOL_MF_MOVE),
		     "mbind(BIND to %d, MOVE)", node_b);
	expect_policy(priv, MPOL_BIND, &mask_b, "after MOVE");
	expect_all_on(node_b, "after MOVE");
	expect_data(seed, "after MOVE");
	TST_EXP_PASS(mbind_raw(priv, NPAGES * pg, MPOL_BIND, mask_b.b,
			       NUMA_MAXNODE_IN, MPOL_MF_STRICT),
		     "mbind(BIND to %d, STRICT) of pages on it", node_b);

	TST_EXP_PASS(mbind_raw(priv, NPAGES * pg, MPOL_BIND, mask_a.b,
			       NUMA_MAXNODE_IN, MPOL_MF_MOVE | MPOL_MF_STRICT),
		     "mbind(BIND to %d, MOVE|STRICT)", node_a);
	expect_all_on(node_a, "after MOVE|STRICT back");
	expect_data(seed, "after MOVE|STRICT back");

	/* the shared page: in both mappings, on A */
	vm_madvise(shared, pg, MADV_REMOVE, "MADV_REMOVE");
	TST_EXP_PASS(mbind_raw(shared, pg, MPOL_BIND, mask_a.b,
			       NUMA_MAXNODE_IN, 0), "mbind(shared, BIND to %d)",
		     node_a);
	shared[0] = seed;
	if (alias[0] != (char)seed)
		tst_brk(TBROK, "the second mapping does not show the page");
	numa_where(&sp, 1, &st);
	if (st != node_a)
		tst_brk(TBROK, "shared page faulted on %d, not %d", st, node_a);

	TST_EXP_PASS(mbind_raw(shared, pg, MPOL_BIND, mask_b.b,
			       NUMA_MAXNODE_IN, MPOL_MF_MOVE),
		     "mbind(shared, BIND to %d, MOVE)", node_b);
	numa_where(&sp, 1, &st);
	TST_EXP_EXPR(st == node_a, "page mapped twice on %d after MOVE, "
		     "expected %d (not moved)", st, node_a);

	TST_EXP_PASS(mbind_raw(shared, pg, MPOL_BIND, mask_b.b,
			       NUMA_MAXNODE_IN, MPOL_MF_MOVE_ALL),
		     "mbind(shared, BIND to %d, MOVE_ALL)", node_b);
	numa_where(&sp, 1, &st);
	TST_EXP_EXPR(st == node_b, "page mapped twice on %d after MOVE_ALL, "
		     "expected %d", st, node_b);
	TST_EXP_EXPR(shared[0] == (char)seed && alias[0] == (char)seed,
		     "both mappings read the data after MOVE_ALL");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "a7f40cfe3b7a"},
		{}
	},
};
