// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_mempolicy(MPOL_INTERLEAVE) over each subset of two nodes A and B:
 * {A, B}, {A}, {B}. Anonymous pages faulted under it go round robin over
 * the subset by their offset (mm/mempolicy.c interleave_nid(): the page
 * at address addr of a VMA goes to the (addr / page size) mod n-th node
 * of the subset, vm_pgoff of an anonymous mapping being its start in
 * pages), so the placement is exact, page by page, whatever the order of
 * the faults: with both nodes the pages alternate and each node holds
 * half; with one node, all are on it. Read back with move_pages() of
 * nodes NULL, and the counts per node from /proc/self/numa_maps.
 * get_mempolicy() reads the interleave policy back. One node: TCONF.
 */
#include <sys/mman.h>
#include "numa_raw.h"
#include "vm_helpers.h"

#define NPAGES 32

static size_t pg;
static int node_a, node_b;

static void setup(void)
{
	numa_two_nodes(&node_a, &node_b);
	pg = getpagesize();
}

/* The N<node>= counts of the numa_maps line of the mapping at addr. */
static void numa_maps_counts(void *addr, int *na, int *nb)
{
	char line[4096], key[32], *p;
	unsigned long start;
	FILE *f = fopen("/proc/self/numa_maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/numa_maps)");
	*na = *nb = 0;
	while (fgets(line, sizeof(line), f)) {
		start = strtoul(line, NULL, 16);
		if (start != (unsigned long)addr)
			continue;
		snprintf(key, sizeof(key), " N%d=", node_a);
		p = strstr(line, key);
		if (p)
			*na = atoi(p + strlen(key));
		snprintf(key, sizeof(key), " N%d=", node_b);
		p = strstr(line, key);
		if (p)
			*nb = atoi(p + strlen(key));
		break;
	}
	fclose(f);
}

static void check(const int *nodes, int nnodes)
{
	struct numa_mask set;
	void *pages[NPAGES];
	int status[NPAGES], want_a = 0, want_b = 0, na, nb, i, bad = -1;
	char *p, what[64];

	numa_mask_clear(&set);
	for (i = 0; i < nnodes; i++)
		numa_mask_set(&set, nodes[i]);
	snprintf(what, sizeof(what), nnodes == 2 ? "{%d, %d}" : "{%d}",
		 nodes[0], nnodes == 2 ? nodes[1] : 0);

	p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* page by page: a huge page would be one allocation */
	vm_no_thp(p, NPAGES * pg);

	TST_EXP_PASS(set_mempolicy_raw(MPOL_INTERLEAVE, set.b,
				       NUMA_MAXNODE_IN),
		     "set_mempolicy(INTERLEAVE, %s)", what);
	expect_policy(NULL, MPOL_INTERLEAVE, &set, "thread policy");
	/* backwards: the node follows the offset, not the order */
	for (i = NPAGES - 1; i >= 0; i--)
		p[i * pg] = i;
	if (set_mempolicy_raw(MPOL_DEFAULT, NULL, 0))
		tst_brk(TBROK | TERRNO, "set_mempolicy(MPOL_DEFAULT)");

	for (i = 0; i < NPAGES; i++)
		pages[i] = p + i * pg;
	numa_where(pages, NPAGES, status);
	for (i = 0; i < NPAGES; i++) {
		unsigned long off = (unsigned long)pages[i] / pg;
		int want = nodes[off % nnodes];

		if (want == node_a)
			want_a++;
		else
			want_b++;
		if (status[i] != want && bad < 0)
			bad = i;
	}
	if (bad >= 0)
		tst_res(TFAIL, "INTERLEAVE %s: page %d (offset %lu) on %d, "
			"expected %d", what, bad,
			(unsigned long)pages[bad] / pg, status[bad],
			nodes[((unsigned long)pages[bad] / pg) % nnodes]);
	else
		tst_res(TPASS, "INTERLEAVE %s: all %d pages round robin by "
			"offset", what, NPAGES);

	numa_maps_counts(p, &na, &nb);
	if (na == want_a && nb == want_b)
		tst_res(TPASS, "INTERLEAVE %s: numa_maps counts N%d=%d N%d=%d",
			what, node_a, na, node_b, nb);
	else
		tst_res(TFAIL, "INTERLEAVE %s: numa_maps counts N%d=%d N%d=%d, "
			"expected %d and %d", what, node_a, na, node_b, nb,
			want_a, want_b);
	SAFE_MUNMAP(p, NPAGES * pg);
}

static void run(void)
{
	int both[2] = { node_a, node_b };

	check(both, 2);
	check(&node_a, 1);
	check(&node_b, 1);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
};
