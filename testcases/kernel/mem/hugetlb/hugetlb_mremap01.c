// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mremap() of base page mappings next to hugetlb mappings and of hugetlb
 * mappings next to base page mappings (upstream hugemmap24, hugemmap25,
 * hugemmap26, which once crashed architectures with page size "slices");
 * a pool of 4 default-size pages, no overcommit, HugePages_Free/Rsvd
 * checked at every step; data checked after every move:
 *  1. a base page right below a huge mapping cannot grow in place (ENOMEM
 *     without MREMAP_MAYMOVE), moves away with it; one two base pages
 *     below grows in place to end exactly at the huge mapping, and not a
 *     page further (ENOMEM);
 *  2. a huge mapping moved with MREMAP_FIXED right below and right above
 *     a base page mapping keeps its page and its data, the base mapping
 *     keeps its own; a target off the huge page boundary is EINVAL;
 *  3. a base page mapping moved right below and right above a huge
 *     mapping: both keep their data; moved onto the first base page of
 *     the huge mapping it is EINVAL (the huge mapping cannot be split
 *     there) and the source stays mapped; a huge-page-long base mapping
 *     moved onto the whole huge mapping replaces it and frees its page.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static char *map_huge(char *at)
{
	return SAFE_MMAP(at, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			 MAP_ANONYMOUS | MAP_HUGETLB | MAP_FIXED, -1, 0);
}

static char *map_base(char *at, size_t len)
{
	return SAFE_MMAP(at, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
}

static void expect_remap(char *old, size_t olen, size_t nlen, int flags,
			 char *want, int err, const char *what)
{
	char *r = mremap(old, olen, nlen, flags, want);

	if (err) {
		if (r == MAP_FAILED && errno == err)
			tst_res(TPASS, "%s: %s", what, tst_strerrno(err));
		else if (r == MAP_FAILED)
			tst_res(TFAIL | TERRNO, "%s, expected %s", what,
				tst_strerrno(err));
		else
			tst_res(TFAIL, "%s: moved to %p, expected %s", what, r,
				tst_strerrno(err));
		return;
	}
	if (r == MAP_FAILED)
		tst_brk(TFAIL | TERRNO, "%s", what);
	if (want && r != want)
		tst_brk(TFAIL, "%s: at %p, expected %p", what, r, want);
	tst_res(TPASS, "%s: at %p", what, r);
}

static void base_grows_to_huge(void)
{
	char *r = htl_free_aligned(3 * hp, hp), *h = r + 2 * hp, *n, *m;

	map_huge(h);
	fill_pattern(h, hp, 1);
	htl_expect("huge page written", 1, 0);

	n = map_base(h - pg, pg);
	fill_pattern(n, pg, 2);
	expect_remap(n, pg, 2 * pg, 0, NULL, ENOMEM,
		     "base page right below a huge mapping grown in place");
	m = mremap(n, pg, 2 * pg, MREMAP_MAYMOVE);
	if (m == MAP_FAILED || m == n)
		tst_brk(TFAIL | TERRNO, "the same with MREMAP_MAYMOVE: %p", m);
	TST_EXP_EXPR(check_pattern(m, pg, 2) < 0 && !m[pg],
		     "it moved to %p with its data, the new page zero", m);
	SAFE_MUNMAP(m, 2 * pg);

	n = map_base(h - 2 * pg, pg);
	fill_pattern(n, pg, 3);
	expect_remap(n, pg, 2 * pg, 0, n, 0,
		     "base page 2 pages below it grown in place to its start");
	expect_remap(n, 2 * pg, 3 * pg, 0, NULL, ENOMEM,
		     "grown one page further");
	TST_EXP_EXPR(check_pattern(n, pg, 3) < 0,
		     "base mapping keeps its data");
	TST_EXP_EXPR(check_pattern(h, hp, 1) < 0, "huge page keeps its data");
	htl_expect("after the base page moves", 1, 0);
	SAFE_MUNMAP(n, 2 * pg);
	SAFE_MUNMAP(h, hp);
	htl_expect("unmapped", 0, 0);
}

static void huge_next_to_base(void)
{
	char *r = htl_free_aligned(5 * hp, hp), *h, *n = r + 2 * hp;

	map_base(n, hp);
	fill_pattern(n, hp, 4);
	h = map_huge(r + 4 * hp);
	fill_pattern(h, hp, 5);
	htl_expect("huge page written", 1, 0);

	expect_remap(h, hp, hp, MREMAP_MAYMOVE | MREMAP_FIXED, n - hp, 0,
		     "huge mapping moved right below a base mapping");
	h = n - hp;
	TST_EXP_EXPR(check_pattern(h, hp, 5) < 0, "huge page keeps its data");
	htl_expect("moved below", 1, 0);
	expect_remap(h, hp, hp, MREMAP_MAYMOVE | MREMAP_FIXED, n + hp, 0,
		     "huge mapping moved right above the base mapping");
	h = n + hp;
	TST_EXP_EXPR(check_pattern(h, hp, 5) < 0, "huge page keeps its data");
	htl_expect("moved above", 1, 0);
	expect_remap(h, hp, hp, MREMAP_MAYMOVE | MREMAP_FIXED, r + pg, EINVAL,
		     "huge mapping moved to an address off the boundary");
	TST_EXP_EXPR(check_pattern(h, hp, 5) < 0 && check_pattern(n, hp, 4) < 0,
		     "both mappings keep their data");
	htl_expect("after the refused move", 1, 0);
	SAFE_MUNMAP(h, hp);
	SAFE_MUNMAP(n, hp);
	htl_expect("unmapped", 0, 0);
}

static void base_next_to_huge(void)
{
	char *r = htl_free_aligned(5 * hp, hp), *h = r + 2 * hp, *n, *b;

	map_huge(h);
	fill_pattern(h, hp, 6);
	n = map_base(r + 4 * hp, pg);
	fill_pattern(n, pg, 7);
	htl_expect("huge page written", 1, 0);

	expect_remap(n, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, h - pg, 0,
		     "base page moved right below a huge mapping");
	n = h - pg;
	expect_remap(n, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, h + hp, 0,
		     "base page moved right above it");
	n = h + hp;
	TST_EXP_EXPR(check_pattern(n, pg, 7) < 0 && check_pattern(h, hp, 6) < 0,
		     "both keep their data");
	expect_remap(n, pg, pg, MREMAP_MAYMOVE | MREMAP_FIXED, h, EINVAL,
		     "base page moved onto the huge mapping's first page");
	TST_EXP_EXPR(check_pattern(n, pg, 7) < 0 && check_pattern(h, hp, 6) < 0,
		     "both stay mapped with their data");
	htl_expect("after the refused move", 1, 0);

	b = map_base(r, hp);
	fill_pattern(b, hp, 8);
	expect_remap(b, hp, hp, MREMAP_MAYMOVE | MREMAP_FIXED, h, 0,
		     "huge-page-long base mapping moved onto the huge mapping");
	htl_expect("the huge page replaced and freed", 0, 0);
	TST_EXP_EXPR(check_pattern(h, hp, 8) < 0 &&
		     smaps_kb(h, "KernelPageSize") == pg / 1024,
		     "base pages with their data at %p", h);
	SAFE_MUNMAP(h, hp);
	SAFE_MUNMAP(n, pg);
}

static void run(void)
{
	base_grows_to_huge();
	huge_next_to_base();
	base_next_to_huge();
}

static void setup(void)
{
	htl_setup(POOL, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	HTL_TEST_FIELDS(POOL),
};
