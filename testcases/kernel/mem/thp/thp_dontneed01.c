// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MADV_DONTNEED on part of a transparent huge page (enabled=always and
 * defrag=always, saved and restored), read back from /proc/self/smaps and
 * /proc/vmstat:
 *  - one base page in the middle of a huge page: its PMD is split
 *    (thp_split_pmd +1 exactly), the range's Rss is the huge page less
 *    exactly that page and AnonHugePages 0; the page reads zeros, every
 *    other byte keeps its data, the other huge page stays huge; touching
 *    the page again brings Rss back to the whole huge page;
 *  - a whole, aligned huge page: zapped as one PMD (thp_split_pmd +0),
 *    its Rss 0 and it reads zeros, the neighbour keeps its huge PMD;
 *  - a range of two pages across the boundary of two huge pages splits
 *    both (+2), Rss is 2 huge pages less those 2 pages;
 *  - in a forked child, a page dropped from the inherited huge page
 *    splits only the child's PMD: the child reads zeros there and its
 *    other data, the parent's AnonHugePages stays the whole region and
 *    its data are intact (the rmap walk of a huge page mapped by two
 *    processes, the case of upstream LTP's mmap10).
 * MADV_NOHUGEPAGE after the fault keeps khugepaged from collapsing the
 * split pages back while the test looks.
 */

#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "thp_common.h"

static size_t hp, pg;

static char *map_huge(void)
{
	return thp_map_two_huge(hp, 9);
}

/* The pattern everywhere but in [hole, hole + len), zeros there. */
static void check_data(const char *a, const char *who, size_t hole,
		       size_t len)
{
	long bad = check_pattern_at(a, 0, hole, 9);
	long nz = first_nonzero(a + hole, len);

	if (bad < 0) {
		bad = check_pattern_at(a + hole + len, hole + len,
				       2 * hp - hole - len, 9);
		if (bad >= 0)
			bad += hole + len;
	}
	TST_EXP_EXPR(bad < 0 && nz < 0, "%s: the dropped range reads zeros "
		     "(first non-zero %ld), the rest its data (first bad %ld)",
		     who, nz, bad);
}

static void drop(char *a, size_t off, size_t len)
{
	if (madvise(a + off, len, MADV_DONTNEED))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTNEED)");
}

static void one_page(void)
{
	char *a = map_huge();
	long splits = tst_read_vmstat("thp_split_pmd");
	size_t off = hp / 2;

	drop(a, off, pg);
	TST_EXP_EQ_LI(tst_read_vmstat("thp_split_pmd") - splits, 1);
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)((2 * hp - pg) / 1024));
	TST_EXP_EQ_LI(smaps_kb(a, "AnonHugePages"), (long)(hp / 1024));
	check_data(a, "one page", off, pg);
	a[off] = 1;
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)(2 * hp / 1024));
	TST_EXP_EQ_LI(tst_read_vmstat("thp_split_pmd") - splits, 1);
	SAFE_MUNMAP(a, 2 * hp);
}

static void whole_huge_page(void)
{
	char *a = map_huge();
	long splits = tst_read_vmstat("thp_split_pmd");

	drop(a, 0, hp);
	TST_EXP_EXPR(tst_read_vmstat("thp_split_pmd") == splits,
		     "a whole huge page dropped without a split (%ld)",
		     tst_read_vmstat("thp_split_pmd") - splits);
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)(hp / 1024));
	TST_EXP_EQ_LI(smaps_kb(a, "AnonHugePages"), (long)(hp / 1024));
	TST_EXP_EQ_LI(resident_pages(a, hp), 0);
	check_data(a, "whole huge page", 0, hp);
	SAFE_MUNMAP(a, 2 * hp);
}

static void across_boundary(void)
{
	char *a = map_huge();
	long splits = tst_read_vmstat("thp_split_pmd");

	drop(a, hp - pg, 2 * pg);
	TST_EXP_EQ_LI(tst_read_vmstat("thp_split_pmd") - splits, 2);
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)((2 * hp - 2 * pg) / 1024));
	TST_EXP_EQ_LI(smaps_kb(a, "AnonHugePages"), 0);
	check_data(a, "across the boundary", hp - pg, 2 * pg);
	SAFE_MUNMAP(a, 2 * hp);
}

static void in_child(void)
{
	char *a = map_huge();
	size_t off = hp + 3 * pg;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		long splits = tst_read_vmstat("thp_split_pmd");

		drop(a, off, pg);
		TST_EXP_EQ_LI(tst_read_vmstat("thp_split_pmd") - splits, 1);
		TST_EXP_EQ_LI(smaps_kb(a, "Rss"),
			      (long)((2 * hp - pg) / 1024));
		TST_EXP_EQ_LI(smaps_kb(a, "AnonHugePages"), (long)(hp / 1024));
		check_data(a, "child", off, pg);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LI(smaps_kb(a, "AnonHugePages"), (long)(2 * hp / 1024));
	TST_EXP_EQ_LI(smaps_kb(a, "Rss"), (long)(2 * hp / 1024));
	check_data(a, "parent", 0, 0);
	SAFE_MUNMAP(a, 2 * hp);
}

static void run(void)
{
	one_page();
	whole_huge_page();
	across_boundary();
	in_child();
}

static void setup(void)
{
	hp = thp_pmd_size();
	pg = vm_page_size();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.min_mem_avail_mb = 64,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", "always", TST_SR_TCONF_MISSING},
		{THP_DIR "defrag", "always", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
	.taint_check = TST_TAINT_D | TST_TAINT_W,
};
