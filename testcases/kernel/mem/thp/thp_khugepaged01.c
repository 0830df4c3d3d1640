// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khugepaged collapses small pages into transparent huge pages, within
 * the limits its sysfs knobs set (all saved and restored; the scan and
 * allocation sleeps set to 10 ms so a scan comes at once):
 *  - regions faulted in with enabled=never are small pages; after
 *    enabled=madvise and MADV_HUGEPAGE, khugepaged collapses a region of
 *    three fully populated huge page extents: AnonHugePages covers all
 *    three, khugepaged/pages_collapsed and /proc/vmstat
 *    thp_collapse_alloc grow by at least three, and every byte is kept;
 *  - with khugepaged/max_ptes_none 0 an extent with one page never
 *    touched (a none PTE) stays small over two more full scans, and so
 *    does a fully populated MADV_NOHUGEPAGE extent of the same process;
 *  - with max_ptes_none back at 511 the extent with the hole is
 *    collapsed: its data are kept and the hole reads zeros;
 *  - max_ptes_none above 511 (HPAGE_PMD_NR - 1) is refused with EINVAL.
 * Waits are bounded (60 s times LTP_TIMEOUT_MUL) and counted in full
 * scans, never in sleeps.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "khugepaged.h"

#define MAX_PTES_NONE	KHP_DIR "max_ptes_none"

static size_t hp, pg;

static char *map_small(size_t n, int advice, size_t hole)
{
	char *a = thp_map_aligned(hp, n, PROT_READ | PROT_WRITE);
	size_t off;

	if (advice >= 0 && madvise(a, n * hp, advice))
		tst_brk(TBROK | TERRNO, "madvise(%d)", advice);
	/* Page by page, so that the hole page is never faulted in */
	for (off = 0; off < n * hp; off += pg) {
		if (hole && off == hole)
			continue;
		fill_pattern(a + off, pg, 11 + off / pg);
	}
	return a;
}

/* Pages of map_small(): first bad offset, or -1; the hole must be zero */
static long bad_data(const char *a, size_t n, size_t hole)
{
	size_t off;
	long bad;

	for (off = 0; off < n * hp; off += pg) {
		if (hole && off == hole)
			bad = first_nonzero(a + off, pg);
		else
			bad = check_pattern(a + off, pg, 11 + off / pg);
		if (bad >= 0)
			return (long)off + bad;
	}
	return -1;
}

static void run(void)
{
	long collapsed = khp_read("pages_collapsed");
	long allocs = tst_read_vmstat("thp_collapse_alloc");
	size_t hole = 37 * pg;
	char *full, *holed, *nohuge;
	long kb, bad;
	int ok;

	SAFE_FILE_PRINTF(THP_DIR "enabled", "never");
	SAFE_FILE_PRINTF(MAX_PTES_NONE, "0");
	full = map_small(3, -1, 0);
	holed = map_small(1, -1, hole);
	nohuge = map_small(1, MADV_NOHUGEPAGE, 0);
	TST_EXP_EXPR(smaps_kb(full, "AnonHugePages") == 0 &&
		     smaps_kb(holed, "AnonHugePages") == 0,
		     "faulted in with enabled=never: small pages only");

	SAFE_FILE_PRINTF(THP_DIR "enabled", "madvise");
	if (madvise(full, 3 * hp, MADV_HUGEPAGE) ||
	    madvise(holed, hp, MADV_HUGEPAGE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_HUGEPAGE)");

	ok = khp_wait_huge_kb(full, 3 * hp / 1024);
	kb = smaps_kb(full, "AnonHugePages");
	TST_EXP_EXPR(ok, "khugepaged collapsed three populated extents: "
		     "AnonHugePages %ld kB of %zu", kb, 3 * hp / 1024);
	TST_EXP_EXPR(khp_read("pages_collapsed") - collapsed >= 3 &&
		     tst_read_vmstat("thp_collapse_alloc") - allocs >= 3,
		     "pages_collapsed grew by %ld, thp_collapse_alloc by %ld",
		     khp_read("pages_collapsed") - collapsed,
		     tst_read_vmstat("thp_collapse_alloc") - allocs);
	bad = bad_data(full, 3, 0);
	TST_EXP_EXPR(bad < 0, "data kept by the collapse (first bad byte "
		     "%ld)", bad);

	khp_wait_full_scans(2);
	kb = smaps_kb(holed, "AnonHugePages");
	TST_EXP_EXPR(kb == 0, "max_ptes_none=0: the extent with a none PTE "
		     "stays small over two full scans (AnonHugePages %ld kB)",
		     kb);
	kb = smaps_kb(nohuge, "AnonHugePages");
	TST_EXP_EXPR(kb == 0, "a MADV_NOHUGEPAGE extent stays small "
		     "(AnonHugePages %ld kB)", kb);

	SAFE_FILE_PRINTF(MAX_PTES_NONE, "%zu", hp / pg - 1);
	ok = khp_wait_huge_kb(holed, hp / 1024);
	TST_EXP_EXPR(ok, "max_ptes_none=%zu: the extent with the hole is "
		     "collapsed (AnonHugePages %ld kB)", hp / pg - 1,
		     smaps_kb(holed, "AnonHugePages"));
	bad = bad_data(holed, 1, hole);
	TST_EXP_EXPR(bad < 0, "its data kept and the hole reads zeros (first "
		     "bad byte %ld)", bad);

	TST_EXP_FAIL(khp_try_write("max_ptes_none", hp / pg), EINVAL,
		     "max_ptes_none=%zu", hp / pg);

	SAFE_MUNMAP(full, 3 * hp);
	SAFE_MUNMAP(holed, hp);
	SAFE_MUNMAP(nohuge, hp);
}

static void setup(void)
{
	hp = thp_pmd_size();
	if (access(KHP_DIR "full_scans", F_OK))
		tst_brk(TCONF, "no " KHP_DIR "full_scans");
	pg = vm_page_size();
	SAFE_FILE_PRINTF(KHP_DIR "scan_sleep_millisecs", "10");
	SAFE_FILE_PRINTF(KHP_DIR "alloc_sleep_millisecs", "10");
	SAFE_FILE_PRINTF(KHP_DIR "defrag", "1");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.min_mem_avail_mb = 64,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "scan_sleep_millisecs", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "alloc_sleep_millisecs", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "defrag", NULL, TST_SR_TCONF_MISSING},
		{MAX_PTES_NONE, NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
};
