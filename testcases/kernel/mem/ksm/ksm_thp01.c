// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM on a transparent huge page (ksmd run 1, scanning fast; THP enabled
 * and defrag "madvise"; the knobs saved and restored, every KSM page
 * unmerged with run 2 first). One PMD-aligned MADV_HUGEPAGE extent backed
 * by one huge page (smaps AnonHugePages; none could be had: TCONF) holds
 * 512 base pages (4 KiB pages, 2 MiB huge page): 252 filled with X, 252
 * with Y and 8 each with a content of its own. After MADV_MERGEABLE:
 *  - ksmd merges base pages of the huge page, which it must split for
 *    that (mm/ksm.c try_to_merge_one_page(); two pages of one compound
 *    page are split on the next try, cmp_and_merge_page()):
 *    pages_shared 2, pages_sharing 502, the process's ksm_merging_pages
 *    504; the extent's AnonHugePages is 0 and vmstat thp_split_page grew;
 *    every byte reads back unchanged;
 *  - a write of another value into one X page gives it a private copy:
 *    pages_sharing 501, ksm_merging_pages 503, the other X pages keep X;
 *  - MADV_UNMERGEABLE breaks every KSM page before it returns, data
 *    intact (the written page included); once ksmd has rescanned (it
 *    drops the rmap items of what is no longer mergeable) pages_shared
 *    and pages_sharing are 0 and ksm_merging_pages 0. A unique mergeable
 *    page of its own keeps the process on ksmd's list meanwhile.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "thp_common.h"
#include "ksm_helpers.h"

#define X 0x11
#define Y 0x22
#define NUNIQ 8

static size_t hp, psz, npg, nx;
static unsigned char *m;

/* Page i's byte j; page 0 was written with 0x99 once "wrote" is set. */
static unsigned char want(size_t i, size_t j, int wrote)
{
	if (i == 0 && wrote)
		return 0x99;
	if (i < nx)
		return X;
	if (i < 2 * nx)
		return Y;
	return (unsigned char)(j * 3 + i * 17);
}

static void fill(void)
{
	size_t i, j;

	for (i = 0; i < npg; i++)
		for (j = 0; j < psz; j++)
			m[i * psz + j] = want(i, j, 0);
}

static void check(int wrote, const char *how)
{
	size_t i, j, bad = 0, first = npg;

	for (i = 0; i < npg; i++)
		for (j = 0; j < psz; j++)
			if (m[i * psz + j] != want(i, j, wrote)) {
				bad++;
				if (first == npg)
					first = i;
			}
	TST_EXP_EXPR(!bad, "%s: data intact (%zu bytes differ, first in "
		     "page %zu)", how, bad, first);
}

/* kB of AnonHugePages in the smaps entry that starts at addr. */
static long anon_huge_kb(void *addr)
{
	char line[512], start[32];
	long kb = -1;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	snprintf(start, sizeof(start), "%lx-", (unsigned long)addr);
	while (fgets(line, sizeof(line), f)) {
		char *dash = strchr(line, '-'), *sp = strchr(line, ' ');

		if (dash && sp && dash < sp) {
			in = !strncmp(line, start, strlen(start));
			continue;
		}
		if (in && sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

static void merging(long exp)
{
	long got = ksm_merging(getpid());

	TST_EXP_EXPR(got == exp, "ksm_merging_pages %ld (expected %ld)", got,
		     exp);
}

static void run(void)
{
	long split0, kb;

	ksm_reset();
	ksm_keep_scanning();
	m = (unsigned char *)thp_map_aligned(hp, 1, PROT_READ | PROT_WRITE);
	if (madvise(m, hp, MADV_HUGEPAGE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_HUGEPAGE)");
	fill();
	kb = anon_huge_kb(m);
	if (kb != (long)(hp >> 10)) {
		SAFE_MUNMAP(m, hp);
		m = NULL;
		tst_brk(TCONF, "no huge page was faulted in (AnonHugePages "
			"%ld kB)", kb);
	}
	tst_res(TINFO, "one huge page of %zu base pages", npg);

	split0 = tst_read_vmstat("thp_split_page");
	if (madvise(m, hp, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	ksm_settle(0, 2, 0, 2 * nx - 2, "merged");
	merging(2 * nx);
	kb = anon_huge_kb(m);
	TST_EXP_EXPR(kb == 0, "the huge page was split: AnonHugePages %ld kB",
		     kb);
	TST_EXP_EXPR(tst_read_vmstat("thp_split_page") > split0,
		     "thp_split_page %ld -> %ld", split0,
		     tst_read_vmstat("thp_split_page"));
	check(0, "merged");

	memset(m, 0x99, psz);
	ksm_settle(0, 2, 0, 2 * nx - 3, "after a write to an X page");
	merging(2 * nx - 1);
	check(1, "after the write");

	TST_EXP_PASS(madvise(m, hp, MADV_UNMERGEABLE), "MADV_UNMERGEABLE");
	check(1, "after MADV_UNMERGEABLE");
	ksm_settle(0, 0, 0, 0, "after MADV_UNMERGEABLE");
	merging(0);
	SAFE_MUNMAP(m, hp);
	m = NULL;
}

static void setup(void)
{
	hp = thp_pmd_size();
	psz = getpagesize();
	npg = hp / psz;
	if (npg < 2 * NUNIQ)
		tst_brk(TCONF, "huge page of %zu base pages only", npg);
	nx = (npg - NUNIQ) / 2;
	if (ksm_merging(getpid()) < 0)
		tst_brk(TCONF, "no /proc/PID/ksm_merging_pages (before 5.19)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		KSM_SAVE_RESTORE,
		{THP_DIR "enabled", "madvise", TST_SR_TCONF_MISSING},
		{THP_DIR "defrag", "madvise", TST_SR_SKIP_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", "CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
	.taint_check = TST_TAINT_D | TST_TAINT_W,
};
