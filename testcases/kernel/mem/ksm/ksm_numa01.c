// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM's merge_across_nodes knob (ksmd run 1, scanning fast; the knobs are
 * saved and restored, every KSM page unmerged with run 2 first):
 *  - "2" and a word are EINVAL, the value stays 1;
 *  - two mappings of 16 pages, the same content in every page, one bound
 *    (MPOL_BIND) to node A and one to node B: before merging their pages
 *    are on A and on B (move_pages status);
 *  - merge_across_nodes 1: one KSM page for all 32 (pages_shared 1,
 *    pages_sharing 31), all of them on one node; "0" is then EBUSY (the
 *    value stays 1, ksm_pages_shared is not 0) and "1" is accepted;
 *  - run 2 unmerges: the private copies follow each mapping's policy
 *    again (A's on A, B's on B), data intact;
 *  - merge_across_nodes 0 (a stable and unstable tree per node): one KSM
 *    page per node, pages_shared 2, pages_sharing 30, A's pages still on
 *    A and B's on B; "1" is EBUSY now;
 *  - move_pages(MPOL_MF_MOVE_ALL) of A's KSM page to B returns status B
 *    and moves all 16 of A's pages with it; ksmd then finds the page in
 *    the wrong node's tree and, as it is mapped more than once, chains it
 *    as a second dup beside B's KSM page instead of merging it
 *    (mm/ksm.c stable_tree_search(), chain_append): pages_shared 2 and
 *    pages_sharing 30 still, stable_node_chains +1, stable_node_dups +2;
 *  - run 2 unmerges everything, "1" is accepted again.
 * The data of every page is checked after each step. With one node only
 * the knob's errors and the merge are checked, then TCONF (ltp-vm
 * --numa 2 gives two nodes).
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "numa_raw.h"
#include "ksm_helpers.h"

#define MAN KSM "merge_across_nodes"
#define NPG 16
#define FILL 0x6b

static size_t psz;
static char *ma, *mb;
static int na, nb;

static int online_nodes(void)
{
	struct numa_mask m;
	char line[4096] = "";
	FILE *f = fopen("/sys/devices/system/node/online", "r");

	if (!f)
		return 1;
	if (!fgets(line, sizeof(line), f))
		line[0] = 0;
	fclose(f);
	numa_mask_clear(&m);
	numa_parse_list(line, &m);
	return numa_mask_weight(&m);
}

static char *map_on(int node)
{
	char *m = SAFE_MMAP(NULL, NPG * psz, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct numa_mask mask;

	if (node >= 0) {
		mask = numa_mask_of(node);
		if (mbind_raw(m, NPG * psz, MPOL_BIND, mask.b,
			      NUMA_MAXNODE_IN, 0))
			tst_brk(TBROK | TERRNO, "mbind(MPOL_BIND, node %d)",
				node);
	}
	memset(m, FILL, NPG * psz);
	if (madvise(m, NPG * psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	return m;
}

static void check_data(const char *how)
{
	size_t i, bad = 0;

	for (i = 0; i < NPG * psz; i++)
		bad += (ma[i] != FILL) + (mb[i] != FILL);
	TST_EXP_EXPR(!bad, "%s: data intact (%zu bytes differ)", how, bad);
}

/* Nodes of the pages of m: the one they all share, or -1 (mixed). */
static int node_of_all(char *m)
{
	void *addrs[NPG];
	int status[NPG], i;

	for (i = 0; i < NPG; i++)
		addrs[i] = m + i * psz;
	numa_where(addrs, NPG, status);
	for (i = 1; i < NPG; i++) {
		if (status[i] != status[0])
			return -1;
	}
	return status[0];
}

static void expect_nodes(int a, int b, const char *how)
{
	int ga = node_of_all(ma), gb = node_of_all(mb);

	TST_EXP_EXPR(ga == a && gb == b, "%s: A's pages on node %d, B's on "
		     "node %d (expected %d and %d; -1: mixed)", how, ga, gb,
		     a, b);
}

static void expect_knob(const char *val, int err, long now)
{
	int ret = ksm_write("merge_across_nodes", val);
	int e = errno;

	if (err)
		TST_EXP_EXPR(ret == -1 && e == err, "merge_across_nodes \"%s\" "
			     "returned %d (%s), expected %s", val, ret,
			     ret ? tst_strerrno(e) : "success",
			     tst_strerrno(err));
	else
		TST_EXP_EXPR(ret == 0, "merge_across_nodes \"%s\" accepted "
			     "(%s)", val, ret ? tst_strerrno(e) : "success");
	TST_EXP_EXPR(ksm_val("merge_across_nodes") == now,
		     "merge_across_nodes reads %ld (expected %ld)",
		     ksm_val("merge_across_nodes"), now);
}

static void unmerge(const char *how)
{
	ksm_set("run", "2");
	TST_EXP_EXPR(!ksm_val("pages_shared") && !ksm_val("pages_sharing"),
		     "%s: run 2 leaves pages_shared %ld, pages_sharing %ld",
		     how, ksm_val("pages_shared"), ksm_val("pages_sharing"));
}

static void one_node(void)
{
	ma = map_on(-1);
	mb = map_on(-1);
	ksm_settle(0, 1, 0, 2 * NPG - 1, "one node, merged");
	expect_knob("0", EBUSY, 1);
	expect_knob("1", 0, 1);
	check_data("one node");
	unmerge("one node");
	ksm_set("run", "1");
	SAFE_MUNMAP(ma, NPG * psz);
	SAFE_MUNMAP(mb, NPG * psz);
	ma = mb = NULL;
	tst_res(TCONF, "per-node trees need 2 NUMA nodes; this guest has "
		"one (ltp-vm --numa 2)");
}

static void run(void)
{
	long chains, dups, ret;
	int st = -1000, node;
	void *first;

	ksm_reset();
	expect_knob("1", 0, 1);
	expect_knob("2", EINVAL, 1);
	expect_knob("x", EINVAL, 1);

	if (online_nodes() < 2) {
		one_node();
		return;
	}
	numa_two_nodes(&na, &nb);

	ma = map_on(na);
	mb = map_on(nb);
	expect_nodes(na, nb, "faulted");

	ksm_settle(0, 1, 0, 2 * NPG - 1, "merge_across_nodes 1");
	node = node_of_all(ma);
	TST_EXP_EXPR(node >= 0 && node_of_all(mb) == node, "one KSM page: "
		     "all 32 pages on node %d (B's on %d)", node,
		     node_of_all(mb));
	expect_knob("0", EBUSY, 1);
	expect_knob("1", 0, 1);
	check_data("merge_across_nodes 1");

	unmerge("merge_across_nodes 1");
	expect_nodes(na, nb, "copies after run 2");
	check_data("after run 2");

	expect_knob("0", 0, 0);
	ksm_set("run", "1");
	ksm_settle(0, 2, 0, 2 * NPG - 2, "merge_across_nodes 0");
	expect_nodes(na, nb, "merge_across_nodes 0");
	expect_knob("1", EBUSY, 0);
	check_data("merge_across_nodes 0");

	chains = ksm_val("stable_node_chains");
	dups = ksm_val("stable_node_dups");
	first = ma;
	ret = move_pages_raw(0, 1, &first, &nb, &st, MPOL_MF_MOVE_ALL);
	TST_EXP_EXPR(ret == 0 && st == nb, "move_pages(A's KSM page to B, "
		     "MPOL_MF_MOVE_ALL) returned %ld, status %d", ret, st);
	expect_nodes(nb, nb, "A's KSM page moved");
	ksm_wait_scans(3);
	ksm_settle(0, 2, 0, 2 * NPG - 2, "after the move");
	TST_EXP_EXPR(ksm_val("stable_node_chains") == chains + 1 &&
		     ksm_val("stable_node_dups") == dups + 2,
		     "stable_node_chains %ld -> %ld (+1), stable_node_dups "
		     "%ld -> %ld (+2)", chains, ksm_val("stable_node_chains"),
		     dups, ksm_val("stable_node_dups"));
	expect_nodes(nb, nb, "after the move");
	check_data("after the move");

	unmerge("merge_across_nodes 0");
	expect_knob("1", 0, 1);
	check_data("at the end");
	ksm_set("run", "1");
	SAFE_MUNMAP(ma, NPG * psz);
	SAFE_MUNMAP(mb, NPG * psz);
	ma = mb = NULL;
}

static void setup(void)
{
	psz = getpagesize();
}

/* The knob can only be restored once no KSM page is left. */
static void cleanup(void)
{
	if (ma || mb)
		ksm_write("run", "2");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		{MAN, NULL, TST_SR_TCONF_MISSING},
		KSM_SAVE_RESTORE,
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", "CONFIG_NUMA", NULL
	},
};
