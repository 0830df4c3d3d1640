// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Splitting hugetlb mappings, and why they never merge again, pool of 4
 * default-size pages and no overcommit, HugePages_Free/Rsvd read back at
 * every step; the mapping bounds are read from /proc/self/maps:
 *  1. mprotect(PROT_READ) of the second of 4 written private huge pages
 *     splits the mapping into 3 with exactly the huge page boundaries; a
 *     write there is SIGSEGV (SEGV_ACCERR), writes on either side work;
 *     restoring PROT_READ | PROT_WRITE leaves 3 mappings: hugetlb mappings
 *     are VM_DONTEXPAND, which vma_merge() never merges (VM_SPECIAL),
 *     while a base page mapping split the same way is one mapping again;
 *     the pages, their data and the counters are untouched by all of it;
 *  2. munmap() of the third page frees it (one page back in the pool),
 *     leaves a hole (SIGSEGV, SEGV_MAPERR) and the other pieces with
 *     their data; munmap() of the unwritten half of a 2-page private piece
 *     gives back its reservation only;
 *  3. two mappings of one hugetlbfs file at consecutive offsets, placed
 *     back to back, stay two mappings; a write through one is read
 *     through a third mapping of both pages;
 *  4. mremap() cannot grow a hugetlb mapping in place (EINVAL, also
 *     where the next piece of the split mapping is in the way); shrinking
 *     unmaps the tail whatever piece it is in: a written tail page goes
 *     back to Free, a reserved one back from Rsvd.
 */

#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static int bounds_are(char *addr, char *start, char *end)
{
	unsigned long s, e;

	if (!vma_bounds(addr, &s, &e))
		return 0;
	return s == (unsigned long)start && e == (unsigned long)end;
}

/* Whether [p, p + len) lies in a single mapping (it may be larger). */
static int one_mapping(char *p, size_t len)
{
	unsigned long s, e;

	return vma_bounds(p, &s, &e) && s <= (unsigned long)p &&
	       e >= (unsigned long)p + len;
}

static long count_bad(char *p, int npages, char base)
{
	long bad = 0;
	int i;

	for (i = 0; i < npages; i++)
		bad += p[i * hp] != base + i || p[i * hp + hp - 1] != base + i;
	return bad;
}

static void split_mprotect(void)
{
	char *p, *b;
	int i;

	p = SAFE_MMAP(NULL, 4 * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	for (i = 0; i < 4; i++) {
		p[i * hp] = 'a' + i;
		p[i * hp + hp - 1] = 'a' + i;
	}
	htl_expect("4 private pages written", 4, 0);
	TST_EXP_PASS(mprotect(p + hp, hp, PROT_READ), "mprotect(PROT_READ) "
		     "of the second page");
	TST_EXP_EXPR(bounds_are(p, p, p + hp) &&
		     bounds_are(p + hp, p + hp, p + 2 * hp) &&
		     bounds_are(p + 3 * hp, p + 2 * hp, p + 4 * hp),
		     "3 mappings on the huge page boundaries");
	expect_access(p + hp + 5, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "the PROT_READ piece");
	/*
	 * Written here, not in a probe child: a child's write would need a
	 * copy-on-write page, and the pool has none left.
	 */
	p[hp - 1] = 'a';
	p[2 * hp] = 'c';
	tst_res(TPASS, "the pieces below and above are still writable");
	TST_EXP_PASS(mprotect(p + hp, hp, PROT_READ | PROT_WRITE),
		     "mprotect(PROT_READ | PROT_WRITE) back");
	TST_EXP_EXPR(bounds_are(p, p, p + hp) &&
		     bounds_are(p + hp, p + hp, p + 2 * hp) &&
		     bounds_are(p + 2 * hp, p + 2 * hp, p + 4 * hp),
		     "still 3 mappings: hugetlb mappings are not merged");
	TST_EXP_EXPR(count_bad(p, 4, 'a') == 0, "the data of all 4 pages "
		     "(probe writes were in children)");
	htl_expect("splitting took and freed nothing", 4, 0);

	b = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(b + pg, pg, PROT_READ);
	SAFE_MPROTECT(b + pg, pg, PROT_READ | PROT_WRITE);
	TST_EXP_EXPR(one_mapping(b, 4 * pg), "a base page mapping split the "
		     "same way is one mapping again");
	SAFE_MUNMAP(b, 4 * pg);

	TST_EXP_PASS(munmap(p + 2 * hp, hp), "munmap() of the third page");
	htl_expect("its page freed", 3, 0);
	expect_access(p + 2 * hp, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the hole");
	TST_EXP_EXPR(count_bad(p, 2, 'a') == 0 && p[3 * hp] == 'd',
		     "the other pieces keep their data");
	SAFE_MUNMAP(p, 4 * hp);
	htl_expect("unmapped", 0, 0);

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	p[0] = 1;
	htl_expect("one of 2 pages written", 1, 1);
	TST_EXP_PASS(munmap(p + hp, hp), "munmap() of the unwritten page");
	htl_expect("its reservation given back", 1, 0);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void file_pieces(void)
{
	int fd = htl_file();
	char *a, *b, *c;

	SAFE_FTRUNCATE(fd, 2 * hp);
	a = htl_free_aligned(2 * hp, hp);
	a = SAFE_MMAP(a, hp, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
		      fd, 0);
	b = SAFE_MMAP(a + hp, hp, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_FIXED, fd, hp);
	TST_EXP_EXPR(bounds_are(a, a, a + hp) && bounds_are(b, b, b + hp),
		     "consecutive file offsets back to back: 2 mappings");
	a[hp - 1] = 'x';
	b[0] = 'y';
	c = SAFE_MMAP(NULL, 2 * hp, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(c[hp - 1] == 'x' && c[hp] == 'y', "a third mapping of "
		     "both pages reads both writes");
	htl_expect("2 file pages", 2, 0);
	SAFE_MUNMAP(a, 2 * hp);
	SAFE_MUNMAP(c, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void remap_pieces(void)
{
	char *p, *q;

	p = SAFE_MMAP(NULL, 4 * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	p[0] = 1;
	p[hp] = 2;
	SAFE_MPROTECT(p + 2 * hp, hp, PROT_READ);
	htl_expect("2 of 4 pages written, one piece split off", 2, 2);
	q = mremap(p, 2 * hp, 3 * hp, 0);
	TST_EXP_EXPR(q == MAP_FAILED && errno == EINVAL, "mremap() growing "
		     "the first piece over its neighbour: %s",
		     q == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	q = mremap(p, 2 * hp, hp, 0);
	TST_EXP_EXPR(q == p, "mremap() shrinking the first piece to one page");
	htl_expect("the written second page freed", 1, 2);
	q = mremap(p + 2 * hp, 2 * hp, hp, 0);
	TST_EXP_EXPR(q == p + 2 * hp, "mremap() shrinking from the split-off "
		     "piece over the next one to one page");
	htl_expect("the unwritten page's reservation released", 1, 1);
	TST_EXP_EXPR(p[0] == 1, "the first page keeps its data");
	SAFE_MUNMAP(p, 4 * hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	split_mprotect();
	file_pieces();
	remap_pieces();
}

static void setup(void)
{
	htl_setup(POOL, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
};
