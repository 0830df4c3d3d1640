// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * migrate_pages() between two nodes A and B (mm/mempolicy.c
 * kernel_migrate_pages(), do_migrate_pages()); where each page is, is
 * read back with move_pages() of nodes NULL:
 *
 * - Root, its own pages: from A to B, every private page on A is on B
 *   afterwards, and a shared page mapped twice (mremap() of old size 0)
 *   too: with CAP_SYS_NICE the move is MPOL_MF_MOVE_ALL. Back from B to A.
 * - Root, a child's pages by pid: they move to B.
 * - Nobody (no CAP_SYS_NICE), its own pages: the private ones move to B,
 *   the page mapped twice stays on A (MPOL_MF_MOVE moves only pages of
 *   one mapping).
 * - Nobody, root's process: EPERM (ptrace_may_access() refused), and its
 *   pages stay.
 * The data stays in every case. One node: TCONF.
 */
#include <signal.h>
#include <sys/mman.h>
#include "numa_raw.h"
#include "as_nobody.h"
#include "vm_helpers.h"

#define NPAGES 4

static size_t pg;
static int node_a, node_b;
static struct numa_mask mask_a, mask_b;
static pid_t test_pid;
static char *priv, *shared, *alias;
static void *pages[NPAGES + 1];

static void map_pages(void)
{
	int i;

	priv = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(priv, NPAGES * pg);
	if (mbind_raw(priv, NPAGES * pg, MPOL_BIND, mask_a.b,
		      NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(BIND to %d)", node_a);
	shared = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (mbind_raw(shared, pg, MPOL_BIND, mask_a.b, NUMA_MAXNODE_IN, 0))
		tst_brk(TBROK | TERRNO, "mbind(shared, BIND to %d)", node_a);
	alias = mremap(shared, 0, pg, MREMAP_MAYMOVE);
	if (alias == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap(shared, 0, %zu, MAYMOVE)", pg);
	for (i = 0; i < NPAGES; i++) {
		pages[i] = priv + i * pg;
		priv[i * pg] = 'a' + i;
	}
	pages[NPAGES] = shared;
	shared[0] = 's';
	if (alias[0] != 's')
		tst_brk(TBROK, "the second mapping does not show the page");
}

static void unmap_pages(void)
{
	SAFE_MUNMAP(alias, pg);
	SAFE_MUNMAP(shared, pg);
	SAFE_MUNMAP(priv, NPAGES * pg);
}

/* TPASS when the private pages are on priv_node, the shared on sh_node */
static void expect_where(int priv_node, int sh_node, const char *when)
{
	int status[NPAGES + 1], i;

	numa_where(pages, NPAGES + 1, status);
	for (i = 0; i <= NPAGES; i++) {
		int want = i < NPAGES ? priv_node : sh_node;

		if (status[i] != want) {
			tst_res(TFAIL, "%s: %s page %d on %d, expected node %d",
				when, i < NPAGES ? "private" : "shared", i,
				status[i], want);
			return;
		}
	}
	tst_res(TPASS, "%s: private pages on %d, the page mapped twice on %d",
		when, priv_node, sh_node);
}

static void expect_data(const char *when)
{
	int i;

	for (i = 0; i < NPAGES; i++) {
		if (priv[i * pg] != 'a' + i) {
			tst_res(TFAIL, "%s: page %d holds 0x%02x", when, i,
				(unsigned char)priv[i * pg]);
			return;
		}
	}
	if (shared[0] != 's' || alias[0] != 's') {
		tst_res(TFAIL, "%s: the shared page lost its data", when);
		return;
	}
	tst_res(TPASS, "%s: the data is unchanged", when);
}

static void setup(void)
{
	numa_two_nodes(&node_a, &node_b);
	mask_a = numa_mask_of(node_a);
	mask_b = numa_mask_of(node_b);
	pg = getpagesize();
	test_pid = getpid();
}

static void as_nobody(void)
{
	map_pages();
	expect_where(node_a, node_a, "nobody: faulted on A");
	TST_EXP_FAIL(migrate_pages_raw(test_pid, NUMA_MAXNODE_IN, mask_a.b,
				       mask_b.b), EPERM,
		     "nobody: migrate_pages(root's process, A to B)");
	TST_EXP_POSITIVE(migrate_pages_raw(0, NUMA_MAXNODE_IN, mask_a.b,
					   mask_b.b),
			 "nobody: migrate_pages(self, A to B)");
	expect_where(node_b, node_a, "nobody: after A to B (MOVE)");
	expect_data("nobody: after A to B");
	unmap_pages();
}

static void run(void)
{
	pid_t pid;

	map_pages();
	expect_where(node_a, node_a, "faulted on A");
	TST_EXP_POSITIVE(migrate_pages_raw(0, NUMA_MAXNODE_IN, mask_a.b,
					   mask_b.b),
			 "migrate_pages(self, A to B)");
	expect_where(node_b, node_b, "after A to B (MOVE_ALL)");
	expect_data("after A to B");
	TST_EXP_POSITIVE(migrate_pages_raw(0, NUMA_MAXNODE_IN, mask_b.b,
					   mask_a.b),
			 "migrate_pages(self, B to A)");
	expect_where(node_a, node_a, "after B to A");
	expect_data("after B to A");

	pid = SAFE_FORK();
	if (!pid) {
		/* private pages of its own on A, not shared with the parent */
		unmap_pages();
		map_pages();
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		expect_where(node_b, node_b, "child: after the parent's "
			     "migrate_pages(child, A to B)");
		expect_data("child: after the parent's migrate_pages()");
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_POSITIVE(migrate_pages_raw(pid, NUMA_MAXNODE_IN, mask_a.b,
					   mask_b.b),
			 "migrate_pages(child, A to B)");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	expect_where(node_a, node_a, "the parent's pages stayed on A");
	unmap_pages();

	run_in_nobody_child(as_nobody, "the checks without CAP_SYS_NICE");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
