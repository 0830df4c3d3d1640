// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mbind() sets the memory policy of a range, and get_mempolicy(MPOL_F_ADDR)
 * reads it back, on the nodes this process may use (one is enough):
 *
 * - MPOL_BIND to a node: read back as MPOL_BIND with that node; the pages
 *   touched afterwards are on that node (MPOL_F_NODE|MPOL_F_ADDR).
 * - MPOL_INTERLEAVE, MPOL_PREFERRED, MPOL_BIND|MPOL_F_STATIC_NODES and
 *   MPOL_LOCAL on parts of the range split it: each part reads back its
 *   own policy (and mode flag), the rest keeps MPOL_BIND.
 * - MPOL_DEFAULT over the whole range resets every part, and the range
 *   is one VMA again (/proc/self/maps); so it is after MPOL_BIND
 *   (MPOL_MF_MOVE) of the middle page of three and MPOL_DEFAULT of
 *   all three: mbind() left the split VMAs unmerged before 9d8cebd4bcd7
 *   (upstream LTP's vma02 reproduces it).
 * - MPOL_MF_STRICT|MPOL_MF_MOVE on pages that already conform returns 0.
 * - len 0 returns 0 and changes nothing.
 * - On MAP_SHARED anonymous memory the policy belongs to the shared
 *   object: set by a child after fork(), the parent reads it back; on a
 *   private mapping the child's policy stays the child's.
 */
#include <sys/mman.h>
#include <sys/wait.h>
#include "numa_raw.h"

#define NPAGES 8

static size_t pg;
static int node;
static struct numa_mask one;

static void setup(void)
{
	struct numa_mask allowed = numa_allowed();

	pg = getpagesize();
	node = numa_first(&allowed);
	if (node < 0)
		tst_brk(TBROK, "no node in Mems_allowed_list");
	one = numa_mask_of(node);
	tst_res(TINFO, "using node %d", node);
}

/* 1 when [p, p + len) lies inside a single VMA of /proc/self/maps */
static int one_vma(char *p, size_t len)
{
	unsigned long start, end, a = (unsigned long)p;
	char line[512];
	int ret = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx", &start, &end) != 2)
			continue;
		if (start <= a && a < end) {
			ret = end >= a + len;
			break;
		}
	}
	fclose(f);
	return ret;
}

static void test_merge(void)
{
	char *p = SAFE_MMAP(NULL, 3 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(p, 0, 3 * pg);
	TST_EXP_PASS(mbind_raw(p + pg, pg, MPOL_BIND, one.b, NUMA_MAXNODE_IN,
			       MPOL_MF_MOVE),
		     "mbind(MPOL_BIND, MPOL_MF_MOVE) of the middle page");
	TST_EXP_EXPR(!one_vma(p, 3 * pg), "the mapping is split");
	TST_EXP_PASS(mbind_raw(p, 3 * pg, MPOL_DEFAULT, NULL, 0, 0),
		     "mbind(MPOL_DEFAULT) of all three pages");
	TST_EXP_EXPR(one_vma(p, 3 * pg), "the three pages are one VMA again");
	SAFE_MUNMAP(p, 3 * pg);
}

static void test_private(void)
{
	char *p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i, bad = 0;

	TST_EXP_PASS(mbind_raw(p, NPAGES * pg, MPOL_BIND, one.b,
			       NUMA_MAXNODE_IN, 0), "mbind(MPOL_BIND, node %d)",
		     node);
	expect_policy(p, MPOL_BIND, &one, "after MPOL_BIND");
	memset(p, 0x5a, NPAGES * pg);
	for (i = 0; i < NPAGES; i++)
		bad += numa_node_of(p + i * pg) != node;
	TST_EXP_EXPR(!bad, "all %d pages touched after MPOL_BIND are on node "
		     "%d (%d are not)", NPAGES, node, bad);

	TST_EXP_PASS(mbind_raw(p + 2 * pg, 2 * pg, MPOL_INTERLEAVE, one.b,
			       NUMA_MAXNODE_IN, 0), "mbind(MPOL_INTERLEAVE) "
		     "on pages 2-3");
	TST_EXP_PASS(mbind_raw(p + 4 * pg, pg, MPOL_PREFERRED, one.b,
			       NUMA_MAXNODE_IN, 0), "mbind(MPOL_PREFERRED) "
		     "on page 4");
	TST_EXP_PASS(mbind_raw(p + 5 * pg, pg,
			       MPOL_BIND | MPOL_F_STATIC_NODES, one.b,
			       NUMA_MAXNODE_IN, 0),
		     "mbind(MPOL_BIND|MPOL_F_STATIC_NODES) on page 5");
	TST_EXP_PASS(mbind_raw(p + 6 * pg, pg, MPOL_LOCAL, NULL, 0, 0),
		     "mbind(MPOL_LOCAL) on page 6");
	expect_policy(p, MPOL_BIND, &one, "page 0");
	expect_policy(p + 2 * pg, MPOL_INTERLEAVE, &one, "page 2");
	expect_policy(p + 3 * pg + 17, MPOL_INTERLEAVE, &one,
		      "inside page 3");
	expect_policy(p + 4 * pg, MPOL_PREFERRED, &one, "page 4");
	expect_policy(p + 5 * pg, MPOL_BIND | MPOL_F_STATIC_NODES, &one,
		      "page 5");
	expect_policy(p + 6 * pg, MPOL_LOCAL, NULL, "page 6");
	expect_policy(p + 7 * pg, MPOL_BIND, &one, "page 7");

	TST_EXP_PASS(mbind_raw(p, NPAGES * pg, MPOL_BIND, one.b,
			       NUMA_MAXNODE_IN,
			       MPOL_MF_STRICT | MPOL_MF_MOVE),
		     "mbind(MPOL_BIND, MPOL_MF_STRICT|MPOL_MF_MOVE) on pages "
		     "already on node %d", node);
	TST_EXP_PASS(mbind_raw(p + pg, 0, MPOL_INTERLEAVE, one.b,
			       NUMA_MAXNODE_IN, 0), "mbind(len 0)");
	expect_policy(p + pg, MPOL_BIND, &one, "page 1 after mbind(len 0)");

	TST_EXP_PASS(mbind_raw(p, NPAGES * pg, MPOL_DEFAULT, NULL, 0, 0),
		     "mbind(MPOL_DEFAULT) on the whole range");
	for (i = 0; i < NPAGES; i++) {
		struct numa_mask got;
		int mode = -1;

		if (get_mempolicy_raw(&mode, got.b, NUMA_MAXNODE_OUT,
				      p + i * pg, MPOL_F_ADDR))
			tst_brk(TBROK | TERRNO, "get_mempolicy(MPOL_F_ADDR)");
		bad += mode != MPOL_DEFAULT || numa_first(&got) != -1;
	}
	TST_EXP_EXPR(!bad, "every page reads back MPOL_DEFAULT with an empty "
		     "mask after the reset");
	TST_EXP_EXPR(one_vma(p, NPAGES * pg), "the range is one VMA again "
		     "after the reset");
	SAFE_MUNMAP(p, NPAGES * pg);
}

/* In a child: set MPOL_INTERLEAVE on the mapping at p. */
static void child_mbind(void *p)
{
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid) {
		if (mbind_raw(p, pg, MPOL_INTERLEAVE, one.b,
			      NUMA_MAXNODE_IN, 0))
			tst_brk(TBROK | TERRNO, "mbind() in the child");
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "child ended with status 0x%x", status);
}

static void test_shared(void)
{
	char *s = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char *p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	child_mbind(s);
	expect_policy(s, MPOL_INTERLEAVE, &one,
		      "MAP_SHARED: the child's mbind() seen by the parent");
	child_mbind(p);
	expect_policy(p, MPOL_DEFAULT, NULL,
		      "MAP_PRIVATE: the child's mbind() not seen by the parent");
	SAFE_MUNMAP(s, pg);
	SAFE_MUNMAP(p, pg);
}

static void run(void)
{
	test_private();
	test_merge();
	test_shared();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* mbind() merges the VMAs it made equal (upstream vma02) */
		{"linux-git", "9d8cebd4bcd7"},
		{}
	},
};
