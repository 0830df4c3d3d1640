// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Surplus huge pages and the per-node pools, with nr_hugepages 2 and
 * nr_overcommit_hugepages 4 (see hugetlb_overcommit.h); HugePages_Total,
 * Free, Rsvd and Surp are checked in /proc/meminfo and sysfs together:
 *  1. a private MAP_HUGETLB mapping of 4 pages reserves them all at mmap(),
 *     allocating 2 surplus pages on demand (Total 4, Surp 2); writing
 *     takes all 4; munmap() returns the surplus pages to the buddy
 *     allocator (back to Total 2, Surp 0);
 *  2. shrinking nr_hugepages to 0 while one page of a 2-page shared
 *     mapping is in use and the other only reserved frees neither: both
 *     become surplus (Total 2, Free 1, Rsvd 1, Surp 2), vm.nr_hugepages
 *     reads 0 (the persistent pool), the reserved page can still be
 *     faulted in; with 2 surplus pages of 4 allowed, a private mapping
 *     needing 3 more is ENOMEM with nothing changed, one needing 2 fits
 *     (Surp 4); unmapping frees every surplus page (Total 0), and
 *     nr_hugepages 2 refills the pool;
 *  3. the per-node counters in /sys/devices/system/node/nodeN/hugepages/
 *     add up to the global ones, also with surplus pages in use. With two
 *     or more nodes: writing a node's nr_hugepages changes that node's
 *     pool only; a page faulted under mbind(MPOL_BIND) to node 1 comes
 *     from node 1's pool, move_pages() migrates it to node 0 (status 0,
 *     the data intact, node 0's free page taken and node 1's given back).
 *     On one node that part is reported as not run (TINFO).
 */

#include <stdio.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/syscalls.h"
#include "hugetlb_overcommit.h"

#define NODE_DIR "/sys/devices/system/node/node%d/hugepages/hugepages-%ldkB/%s"
#define MAX_NODES 64
#define MPOL_BIND_ 2
#define MPOL_MF_MOVE_ (1 << 1)

static int nodes[MAX_NODES], nr_nodes;

static long node_read(int node, const char *name)
{
	char path[PATH_MAX];
	long val;

	snprintf(path, sizeof(path), NODE_DIR, node, hp_size / 1024, name);
	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static void node_write(int node, const char *name, long val)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), NODE_DIR, node, hp_size / 1024, name);
	SAFE_FILE_PRINTF(path, "%ld", val);
}

static void expect_node_sums(const char *when)
{
	long nr = 0, fr = 0, su = 0;
	int i;

	for (i = 0; i < nr_nodes; i++) {
		nr += node_read(nodes[i], "nr_hugepages");
		fr += node_read(nodes[i], "free_hugepages");
		su += node_read(nodes[i], "surplus_hugepages");
	}
	TST_EXP_EXPR(nr == tst_read_meminfo("HugePages_Total:") &&
		     fr == tst_read_meminfo("HugePages_Free:") &&
		     su == tst_read_meminfo("HugePages_Surp:"),
		     "%s: the %d node(s) hold nr %ld free %ld surplus %ld, as "
		     "in /proc/meminfo", when, nr_nodes, nr, fr, su);
}

static char *map_private(long npages)
{
	return mmap(NULL, npages * hp_size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
}

static void private_surplus(void)
{
	char *p = map_private(4);
	long i;

	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "private mapping of pool + 2 pages");
		return;
	}
	hp_expect("private mapping of 4 pages", 4, 4, 4, 2);
	expect_node_sums("private mapping of 4 pages");
	for (i = 0; i < 4; i++)
		p[i * hp_size] = 1;
	hp_expect("all 4 written", 4, 0, 0, 2);
	expect_node_sums("all 4 written");
	SAFE_MUNMAP(p, 4 * hp_size);
	hp_expect_baseline("unmapped: surplus pages freed");
}

static void shrink_in_use(void)
{
	char *s, *p;
	long sysctl;

	s = SAFE_MMAP(NULL, 2 * hp_size, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	s[0] = 1;
	hp_expect("shared mapping, one of two written", 2, 1, 1, 0);
	SAFE_FILE_PRINTF("/proc/sys/vm/nr_hugepages", "0");
	hp_expect("nr_hugepages 0 with both pages held", 2, 1, 1, 2);
	expect_node_sums("both pages surplus");
	SAFE_FILE_SCANF("/proc/sys/vm/nr_hugepages", "%ld", &sysctl);
	TST_EXP_EQ_LI(sysctl, 0);
	s[hp_size] = 2;
	hp_expect("the reserved page faulted in", 2, 0, 0, 2);

	p = map_private(3);
	TST_EXP_EXPR(p == MAP_FAILED && errno == ENOMEM, "3 more surplus "
		     "pages with 2 of 4 in use: %s",
		     p == MAP_FAILED ? tst_strerrno(errno) : "mapped");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, 3 * hp_size);
	hp_expect("after the refused mapping", 2, 0, 0, 2);
	p = map_private(2);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "2 more surplus pages, 2 of 4 in use");
	} else {
		hp_expect("2 more surplus pages reserved", 4, 2, 2, 4);
		SAFE_MUNMAP(p, 2 * hp_size);
	}
	SAFE_MUNMAP(s, 2 * hp_size);
	hp_expect("everything unmapped: no pool left", 0, 0, 0, 0);
	SAFE_FILE_PRINTF("/proc/sys/vm/nr_hugepages", "%d", HP_POOL);
	hp_expect_baseline("nr_hugepages 2 again");
}

static void migrate(void)
{
	unsigned long mask = 1UL << nodes[1];
	int to = nodes[0], status = -1;
	void *pages[1];
	char *p;
	long n0, n1;

	node_write(nodes[0], "nr_hugepages", 1);
	node_write(nodes[1], "nr_hugepages", 1);
	n0 = node_read(nodes[0], "nr_hugepages");
	n1 = node_read(nodes[1], "nr_hugepages");
	if (n0 != 1 || n1 != 1)
		tst_brk(TBROK, "node %d has %ld pages, node %d %ld: expected "
			"1 each", nodes[0], n0, nodes[1], n1);
	hp_expect_baseline("one page on each of two nodes");

	p = map_private(1);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB)");
	if (tst_syscall(__NR_mbind, p, hp_size, MPOL_BIND_, &mask,
			sizeof(mask) * 8, 0))
		tst_brk(TBROK | TERRNO, "mbind(MPOL_BIND, node %d)", nodes[1]);
	memset(p, 0x4d, hp_size);
	TST_EXP_EXPR(node_read(nodes[1], "free_hugepages") == 0 &&
		     node_read(nodes[0], "free_hugepages") == 1,
		     "the page bound to node %d came from its pool", nodes[1]);

	pages[0] = p;
	TEST(tst_syscall(__NR_move_pages, 0, 1, pages, &to, &status,
			 MPOL_MF_MOVE_));
	TST_EXP_EXPR(TST_RET == 0 && status == nodes[0], "move_pages() to "
		     "node %d: returned %ld, status %d", nodes[0], TST_RET,
		     status);
	TST_EXP_EXPR(node_read(nodes[0], "free_hugepages") == 0 &&
		     node_read(nodes[1], "free_hugepages") == 1,
		     "after migration node %d's page is used, node %d's free",
		     nodes[0], nodes[1]);
	TST_EXP_EXPR(p[0] == 0x4d && p[hp_size - 1] == 0x4d, "the data "
		     "moved with the page");
	hp_expect("after migration", HP_POOL, HP_POOL - 1, 0, 0);
	SAFE_MUNMAP(p, hp_size);
	hp_expect_baseline("unmapped after migration");
	expect_node_sums("unmapped after migration");
}

static void per_node(void)
{
	char *p = map_private(3);

	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "private mapping of 3 pages");
		return;
	}
	expect_node_sums("baseline + one surplus page reserved");
	memset(p, 1, 3 * hp_size);
	expect_node_sums("3 pages written, one of them surplus");
	SAFE_MUNMAP(p, 3 * hp_size);
	expect_node_sums("unmapped");

	if (nr_nodes < 2) {
		tst_res(TINFO, "one node with huge pages: no per-node pool "
			"or migration to check");
		return;
	}
	migrate();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		private_surplus();
		break;
	case 1:
		shrink_in_use();
		break;
	case 2:
		per_node();
		break;
	}
}

static void setup(void)
{
	char path[PATH_MAX];
	int i;

	hp_setup();
	for (i = 0; i < 1024 && nr_nodes < MAX_NODES; i++) {
		snprintf(path, sizeof(path), NODE_DIR, i, hp_size / 1024,
			 "nr_hugepages");
		if (!access(path, F_OK))
			nodes[nr_nodes++] = i;
	}
	if (!nr_nodes)
		tst_brk(TCONF, "no per-node huge page directories (!NUMA)");
	tst_res(TINFO, "%d node(s) with huge pages", nr_nodes);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	HP_TEST_FIELDS,
};
