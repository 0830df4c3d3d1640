// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mremap() of memory backed by transparent huge pages, with the source
 * and the destination each on or off a huge page boundary (the four
 * cases of the old move_huge_page() VM_BUG_ON, where alloc_new_pmd()
 * had already filled the destination PMD with a page table), with
 * enabled=always and defrag=always (saved and restored):
 *  - every byte of the moved range arrives at the destination, and the
 *    part of the source that was not moved keeps its data;
 *  - the old range is unmapped afterwards (SIGSEGV, SEGV_MAPERR);
 *  - source and destination at the same offset from a boundary (both
 *    on one, or both a page past one): the huge page whose whole PMD
 *    extent lies in the range at both ends moves as one PMD, so
 *    AnonHugePages of the destination is one huge page, and only the
 *    other, cut one is split;
 *  - offsets that differ by a page leave no huge page at the
 *    destination: a huge PMD there would map memory a page off,
 *    AnonHugePages is 0 (MADV_NOHUGEPAGE keeps khugepaged from
 *    collapsing the split pages while the test looks);
 *  - growing a huge page mapping in place (mremap without MAYMOVE into
 *    free space) keeps its huge pages and data, and the new tail reads
 *    zeros; shrinking it to one and a half huge pages splits the second
 *    and keeps the first.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "thp_common.h"

static size_t hp, pg;

/*
 * Two huge pages of fill_pattern(seed 5); mremap() keeps MADV_NOHUGEPAGE
 * on the moved range, so khugepaged leaves alone what the moves split.
 */
static char *map_huge(void)
{
	return thp_map_two_huge(hp, 5);
}

/* First byte of [buf, buf + n) that is not pattern byte off.. of seed 5 */
static long bad_byte(const char *buf, size_t off, size_t n)
{
	return check_pattern_at(buf, off, n, 5);
}

static void move_case(int src_off_pages, int dst_off_pages)
{
	size_t src_off = src_off_pages * pg, len = 2 * hp - pg;
	long kb, bad;
	char *a = map_huge(), *dst = thp_map_aligned(hp, 3, PROT_NONE), *ret;
	char *to = dst + dst_off_pages * pg;

	ret = mremap(a + src_off, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, to);
	if (ret == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap(src +%zu, dst +%zu)", src_off,
			dst_off_pages * pg);
		SAFE_MUNMAP(a, 2 * hp);
		SAFE_MUNMAP(dst, 3 * hp);
		return;
	}
	bad = bad_byte(to, src_off, len);
	TST_EXP_EXPR(ret == to && bad < 0, "source +%d pages to destination "
		     "+%d pages: moved at %p, data intact (first bad byte %ld)",
		     src_off_pages, dst_off_pages, ret, bad);

	expect_access(a + src_off, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the old range's first page");
	if (src_off) {
		bad = bad_byte(a, 0, src_off);
		TST_EXP_EXPR(bad < 0, "the page left at the source keeps its "
			     "data (first bad byte %ld)", bad);
	} else {
		bad = bad_byte(a + len, len, pg);
		TST_EXP_EXPR(bad < 0, "the page left at the source keeps its "
			     "data (first bad byte %ld)", bad);
	}

	kb = smaps_kb(to, "AnonHugePages");
	if (src_off_pages == dst_off_pages) {
		/*
		 * Equal offsets: one huge page (the first, or with both off by
		 * a page the second) has a whole PMD extent at both ends
		 */
		TST_EXP_EXPR(kb == (long)(hp / 1024),
			     "equal offsets: AnonHugePages %ld kB (one huge "
			     "page moved as a PMD)", kb);
	} else {
		TST_EXP_EXPR(kb == 0, "offsets differ by a page: no huge page "
			     "at the destination (AnonHugePages %ld kB)", kb);
	}

	if (src_off)
		SAFE_MUNMAP(a, src_off);
	else
		SAFE_MUNMAP(a + len, pg);
	SAFE_MUNMAP(dst, 3 * hp);
}

static void resize_in_place(void)
{
	char *a = thp_map_aligned(hp, 4, PROT_NONE), *ret;
	long kb, bad, nz;

	/* The first two huge pages mapped, the next two free for the grow */
	SAFE_MUNMAP(a, 4 * hp);
	if (mmap(a, 2 * hp, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != a)
		tst_brk(TBROK | TERRNO, "mmap at %p", a);
	fill_pattern(a, 2 * hp, 5);

	ret = mremap(a, 2 * hp, 4 * hp, 0);
	if (ret == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap() growing in place");
		SAFE_MUNMAP(a, 2 * hp);
		return;
	}
	kb = smaps_kb(a, "AnonHugePages");
	bad = bad_byte(a, 0, 2 * hp);
	TST_EXP_EXPR(ret == a && kb >= (long)(2 * hp / 1024) && bad < 0,
		     "grown in place: AnonHugePages %ld kB, data intact (first "
		     "bad byte %ld)", kb, bad);
	nz = first_nonzero(a + 2 * hp, 2 * hp);
	TST_EXP_EXPR(nz < 0, "the grown tail reads zeros (first non-zero "
		     "byte %ld)", nz);

	ret = mremap(a, 4 * hp, hp + hp / 2, 0);
	if (ret == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap() shrinking");
		SAFE_MUNMAP(a, 4 * hp);
		return;
	}
	kb = smaps_kb(a, "AnonHugePages");
	bad = bad_byte(a, 0, hp + hp / 2);
	TST_EXP_EXPR(ret == a && kb == (long)(hp / 1024) && bad < 0,
		     "shrunk to 1.5 huge pages: AnonHugePages %ld kB, data "
		     "intact (first bad byte %ld)", kb, bad);
	expect_access(a + hp + hp / 2, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the page after the shrunk end");
	SAFE_MUNMAP(a, hp + hp / 2);
}

static void run(void)
{
	move_case(0, 0);
	move_case(0, 1);
	move_case(1, 0);
	move_case(1, 1);
	resize_in_place();
}

static void setup(void)
{
	hp = thp_pmd_size();
	pg = vm_page_size();
	SAFE_FILE_PRINTF(THP_DIR "enabled", "always");
	SAFE_FILE_PRINTF(THP_DIR "defrag", "always");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.min_mem_avail_mb = 64,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", NULL, TST_SR_TCONF_MISSING},
		{THP_DIR "defrag", NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
};
