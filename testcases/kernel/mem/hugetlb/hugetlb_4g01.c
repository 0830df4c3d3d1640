// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge pages at the 4 GiB boundary of the address space and of a
 * hugetlbfs file, with a pool of 4 default-size pages and no overcommit;
 * HugePages_Free/Rsvd checked at every step:
 *  1. a huge page mapped at 4 GiB with a base page right below it, then a
 *     huge page ending at 4 GiB with base pages right above it and 32 GiB
 *     higher (upstream hugemmap13 and hugemmap14, 9a94c5793a7b: an
 *     off-by-one in powerpc's 4 GiB slice mask let such neighbours share
 *     a slice): each is its own mapping with exactly its bounds in
 *     /proc/self/maps and keeps its own data;
 *  2. truncating a file with pages at offsets 0, 4 GiB - huge page and
 *     4 GiB (upstream hugemmap19/hugemmap36, 856fc2950555: truncation
 *     offsets at or above 4 GiB were taken in the wrong unit and hit the
 *     lower pages): ftruncate() to 4 GiB + 1 is EINVAL (not a huge page
 *     multiple) and changes nothing; to 4 GiB frees exactly the page at
 *     4 GiB, whose address then raises SIGBUS (BUS_ADRERR), while the two
 *     lower pages keep their data; to 0 frees the rest;
 *  3. a MAP_FIXED mmap() over the second page of a written private
 *     mapping with an offset that is not a huge page multiple is EINVAL,
 *     and the first page keeps its data (hugemmap19's backout path).
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL	4
#define FOUR_G	(1UL << 32)

/* mmap() exactly at addr without replacing anything there. */
static char *map_at(unsigned long addr, size_t len, int huge, int fd,
		    off_t off)
{
	int flags = MAP_FIXED_NOREPLACE | (huge ? MAP_SHARED :
					   MAP_PRIVATE | MAP_ANONYMOUS);
	char *p = mmap((void *)addr, len, PROT_READ | PROT_WRITE, flags,
		       huge ? fd : -1, huge ? off : 0);

	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap() of %zu bytes at %#lx", len,
			addr);
	if ((unsigned long)p != addr)
		tst_brk(TBROK, "MAP_FIXED_NOREPLACE at %#lx gave %p", addr, p);
	return p;
}

static void expect_bounds(char *p, size_t len, const char *what)
{
	unsigned long s = 0, e = 0;

	if (!vma_bounds(p, &s, &e)) {
		tst_res(TFAIL, "%s: no mapping at %p", what, p);
		return;
	}
	TST_EXP_EXPR(s == (unsigned long)p && e == (unsigned long)p + len,
		     "%s: mapping %#lx-%#lx (expected %p-%#lx)", what, s, e, p,
		     (unsigned long)p + len);
}

static void address_boundary(void)
{
	int fd = htl_file();
	unsigned long low = FOUR_G - hp, far;
	char *h, *n1, *n2;

	h = map_at(FOUR_G, hp, 1, fd, 0);
	n1 = map_at(FOUR_G - pg, pg, 0, -1, 0);
	fill_pattern(h, hp, 1);
	fill_pattern(n1, pg, 2);
	htl_expect("huge page at 4 GiB written", 1, 0);
	expect_bounds(h, hp, "huge page at 4 GiB");
	expect_bounds(n1, pg, "base page below 4 GiB");
	TST_EXP_EXPR(check_pattern(h, hp, 1) < 0 &&
		     check_pattern(n1, pg, 2) < 0, "both keep their data");
	SAFE_MUNMAP(h, hp);
	SAFE_MUNMAP(n1, pg);

	far = ((low >> 28) + 128) << 28;
	h = map_at(low, hp, 1, fd, 0);
	n1 = map_at(FOUR_G, pg, 0, -1, 0);
	n2 = map_at(far, pg, 0, -1, 0);
	TST_EXP_EXPR(check_pattern(h, hp, 1) < 0,
		     "file page remapped below 4 GiB shows its data");
	fill_pattern(h, hp, 3);
	fill_pattern(n1, pg, 4);
	fill_pattern(n2, pg, 5);
	expect_bounds(h, hp, "huge page ending at 4 GiB");
	expect_bounds(n1, pg, "base page at 4 GiB");
	expect_bounds(n2, pg, "base page 32 GiB higher");
	TST_EXP_EXPR(check_pattern(h, hp, 3) < 0 &&
		     check_pattern(n1, pg, 4) < 0 &&
		     check_pattern(n2, pg, 5) < 0, "all three keep their data");
	SAFE_MUNMAP(h, hp);
	SAFE_MUNMAP(n1, pg);
	SAFE_MUNMAP(n2, pg);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void offset_boundary(void)
{
	int fd = htl_file();
	char *a, *b, *c;
	struct stat st;

	a = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	b = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		      FOUR_G - hp);
	c = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		      FOUR_G);
	htl_expect("pages at offsets 0, 4 GiB - huge page, 4 GiB mapped", 0,
		   3);
	fill_pattern(a, hp, 6);
	fill_pattern(b, hp, 7);
	fill_pattern(c, hp, 8);
	htl_expect("all three written", 3, 0);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, (long)(FOUR_G + hp));

	TST_EXP_FAIL(ftruncate(fd, FOUR_G + 1), EINVAL,
		     "ftruncate() to 4 GiB + 1");
	htl_expect("after the refused truncation", 3, 0);
	TST_EXP_EXPR(check_pattern(c, hp, 8) < 0,
		     "page at 4 GiB keeps its data");

	TST_EXP_PASS(ftruncate(fd, FOUR_G), "ftruncate() to 4 GiB");
	htl_expect("page at 4 GiB freed", 2, 0);
	expect_access(c + 100, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "page at offset 4 GiB after the truncation");
	TST_EXP_EXPR(check_pattern(a, hp, 6) < 0 && check_pattern(b, hp, 7) < 0,
		     "pages at 0 and 4 GiB - huge page keep their data");
	htl_expect("after the reads", 2, 0);

	TST_EXP_PASS(ftruncate(fd, 0), "ftruncate() to 0");
	htl_expect("all pages freed", 0, 0);
	expect_access(b, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "page at 4 GiB - huge page after truncation to 0");
	SAFE_MUNMAP(a, hp);
	SAFE_MUNMAP(b, hp);
	SAFE_MUNMAP(c, hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void bad_offset_backout(void)
{
	int fd = htl_file();
	char *p, *q;

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
		      0);
	fill_pattern(p, 2 * hp, 9);
	SAFE_MPROTECT(p, hp, PROT_READ);
	q = mmap(p + hp, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED,
		 fd, pg);
	if (q != MAP_FAILED)
		tst_res(TFAIL, "MAP_FIXED at offset %ld mapped at %p", pg, q);
	else if (errno != EINVAL)
		tst_res(TFAIL | TERRNO, "MAP_FIXED at offset %ld, expected "
			"EINVAL", pg);
	else
		tst_res(TPASS, "MAP_FIXED at offset %ld is EINVAL", pg);
	TST_EXP_EXPR(check_pattern(p, hp, 9) < 0,
		     "first page of the private mapping keeps its data");
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void run(void)
{
	address_boundary();
	offset_boundary();
	bad_offset_backout();
}

static void setup(void)
{
	if (sizeof(long) < 8)
		tst_brk(TCONF, "needs a 64-bit address space");
	htl_setup(POOL, 1);
	if (hp > (long)(FOUR_G / 256))
		tst_brk(TCONF, "huge page of %ld kB too large for the layout",
			hp / 1024);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "9a94c5793a7b"},
		{"linux-git", "856fc2950555"},
		{}
	},
};
