// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khugepaged's three per-extent limits at their exact edge (all knobs
 * saved and restored, scan and allocation sleeps 10 ms, enabled=madvise):
 * a PMD extent is collapsed while the count of its offending PTEs is at
 * most the knob, and left alone, with the matching /proc/vmstat
 * thp_scan_exceed_*_pte counter growing, when it is one more
 * (hpage_collapse_scan_pmd() and __collapse_huge_page_isolate() in
 * mm/khugepaged.c count with "++n > max"). Each case has two extents in
 * VMAs of their own: "over" with knob + 1 offending PTEs and "at" with
 * exactly knob.
 *  - max_ptes_none 5: holes never faulted in; "at" is collapsed and its
 *    holes read zeros, "over" stays small over two more full scans;
 *  - max_ptes_shared 7: pages still shared with a forked child after the
 *    parent rewrote (copied on write) all the others; after the collapse
 *    the child, which never had MADV_HUGEPAGE, still reads its own
 *    pages intact;
 *  - max_ptes_swap 3: pages pushed to a swap file of the test's own with
 *    MADV_PAGEOUT, counted exactly in /proc/self/pagemap; the collapse of
 *    "at" brings them back in (smaps Swap 0);
 *  - every byte of every extent keeps its data, and 512 (HPAGE_PMD_NR)
 *    is EINVAL for each knob while 511 is taken.
 * An off-by-one in a limit, a limit not applied, or a collapse that
 * loses shared or swapped data fails here. Waits are bounded (60 s
 * times LTP_TIMEOUT_MUL) and counted in full scans, never in sleeps.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "thp_collapse.h"
#include "khugepaged.h"


#define NONE_MAX	5
#define SHARED_MAX	7
#define SWAP_MAX	3

static size_t hp, pg, nr;

/*
 * MADV_HUGEPAGE on both extents, then: "at" collapsed, "over" still
 * small after two more full scans, the vmstat counter grown.
 */
static void expect_edge(const char *what, size_t max, const char *counter,
			char *over, char *at)
{
	long exceed = tst_read_vmstat(counter);
	long kb;
	int ok;

	if (madvise(over, hp, MADV_HUGEPAGE) || madvise(at, hp, MADV_HUGEPAGE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_HUGEPAGE)");
	ok = khp_wait_huge_kb(at, hp / 1024);
	TST_EXP_EXPR(ok, "%s %zu: the extent with %zu is collapsed "
		     "(AnonHugePages %ld kB)", what, max, max,
		     smaps_kb(at, "AnonHugePages"));
	khp_wait_full_scans(2);
	kb = smaps_kb(over, "AnonHugePages");
	TST_EXP_EXPR(kb == 0, "%s %zu: the extent with %zu stays small over "
		     "two full scans (AnonHugePages %ld kB)", what, max,
		     max + 1, kb);
	TST_EXP_EXPR(tst_read_vmstat(counter) > exceed, "%s grew by %ld",
		     counter, tst_read_vmstat(counter) - exceed);
}

/* "over" of seed, its first skip_over pages zeros; "at" of seed + 1 */
static void check_data(const char *what, char *over, char *at,
		       size_t skip_over, size_t skip_at, unsigned int seed)
{
	long bo = bad_extent(over, nr, skip_over, seed);
	long ba = bad_extent(at, nr, skip_at, seed + 1);

	TST_EXP_EXPR(bo < 0 && ba < 0, "%s: data of both extents intact "
		     "(first bad page %ld, %ld)", what, bo, ba);
}

static void case_none(void)
{
	char *ext[2], *over, *at;

	khp_write("max_ptes_none", NONE_MAX);
	thp_map_extents(hp, 2, ext);
	over = ext[0];
	at = ext[1];
	fill_extent(over, nr, NONE_MAX + 1, 20);
	fill_extent(at, nr, NONE_MAX, 21);
	expect_edge("max_ptes_none", NONE_MAX, "thp_scan_exceed_none_pte",
		    over, at);
	check_data("max_ptes_none", over, at, NONE_MAX + 1, NONE_MAX, 20);
	khp_write("max_ptes_none", nr - 1);
	thp_unmap_extents(over, hp, 2);
}

static void case_shared(void)
{
	char *ext[2], *over, *at;
	pid_t pid;

	khp_write("max_ptes_shared", SHARED_MAX);
	thp_map_extents(hp, 2, ext);
	over = ext[0];
	at = ext[1];
	fill_extent(over, nr, 0, 30);
	fill_extent(at, nr, 0, 31);

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		check_data("child, after the parent's collapse", over, at,
			   0, 0, 30);
		exit(0);
	}
	/* Rewriting a page with the same bytes copies it on write */
	fill_pages((unsigned char *)over, SHARED_MAX + 1, nr, 1, 30);
	fill_pages((unsigned char *)at, SHARED_MAX, nr, 1, 31);
	expect_edge("max_ptes_shared", SHARED_MAX,
		    "thp_scan_exceed_share_pte", over, at);
	check_data("max_ptes_shared", over, at, 0, 0, 30);
	TST_CHECKPOINT_WAKE(0);
	wait_child(pid);
	thp_unmap_extents(over, hp, 2);
}

static void case_swap(void)
{
	char *ext[2], *over, *at;
	long sw;

	swap_file_on(0, 8, 32767);
	khp_write("max_ptes_swap", SWAP_MAX);
	thp_map_extents(hp, 2, ext);
	over = ext[0];
	at = ext[1];
	fill_extent(over, nr, 0, 40);
	fill_extent(at, nr, 0, 41);
	swap_out_exactly(over, nr, SWAP_MAX + 1);
	swap_out_exactly(at, nr, SWAP_MAX);
	tst_res(TINFO, "swap entries in pagemap: %zu and %zu",
		swapped_pages(over, nr), swapped_pages(at, nr));
	expect_edge("max_ptes_swap", SWAP_MAX, "thp_scan_exceed_swap_pte",
		    over, at);
	sw = smaps_kb(at, "Swap");
	TST_EXP_EXPR(sw == 0 && swapped_pages(at, nr) == 0,
		     "the collapse swapped the %d pages in (Swap %ld kB)",
		     SWAP_MAX, sw);
	check_data("max_ptes_swap", over, at, 0, 0, 40);
	thp_unmap_extents(over, hp, 2);
}

static void check_bounds(void)
{
	static const char *const knobs[] = {
		"max_ptes_none", "max_ptes_shared", "max_ptes_swap"
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(knobs); i++) {
		TST_EXP_FAIL(khp_try_write(knobs[i], nr), EINVAL, "%s=%zu",
			     knobs[i], nr);
		TST_EXP_PASS(khp_try_write(knobs[i], nr - 1), "%s=%zu",
			     knobs[i], nr - 1);
		TST_EXP_EQ_LU(khp_read(knobs[i]), nr - 1);
	}
}

static void run(void)
{
	SAFE_FILE_PRINTF(THP_DIR "enabled", "madvise");
	khp_write("max_ptes_none", nr - 1);
	khp_write("max_ptes_shared", nr - 1);
	khp_write("max_ptes_swap", nr - 1);
	check_bounds();
	case_none();
	case_shared();
	case_swap();
	swap_files_off();
	swap_active[0] = 0;
}

static void setup(void)
{
	hp = thp_pmd_size();
	pg = vm_page_size();
	nr = hp / pg;
	if (access(KHP_DIR "full_scans", F_OK))
		tst_brk(TCONF, "no " KHP_DIR "full_scans");
	/* What MADV_PAGEOUT isolates must not wait in another CPU's batch */
	pin_to_current_cpu();
	khp_write("scan_sleep_millisecs", 10);
	khp_write("alloc_sleep_millisecs", 10);
	khp_write("defrag", 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = swap_files_off,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.min_mem_avail_mb = 64,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "scan_sleep_millisecs", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "alloc_sleep_millisecs", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "defrag", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "max_ptes_none", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "max_ptes_shared", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "max_ptes_swap", NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", "CONFIG_SWAP", NULL
	},
};
