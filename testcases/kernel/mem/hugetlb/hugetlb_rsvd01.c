// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge page reservation accounting, with a pool of 4 default-size pages
 * and no overcommit; HugePages_Free and HugePages_Rsvd are checked after
 * every step and must be back at their start values after each case
 * (Documentation/mm/hugetlbfs_reserv.rst):
 *  1. a shared mapping of a hugetlbfs file reserves its page at mmap();
 *     posix_fadvise(WILLNEED) and (DONTNEED) change nothing (f2deae9d4e70:
 *     readahead on hugetlbfs once allocated the page outside the
 *     reservation and leaked the count); the first write consumes the
 *     reservation, munmap() keeps the page in the file, close() of the
 *     unlinked file returns it;
 *  2. a private MAP_HUGETLB mapping of 4 pages reserves 4, a write
 *     consumes one, munmap() of two untouched pages gives their two
 *     reservations back, the rest goes at the last munmap(); a child
 *     that maps, touches and exits without munmap() leaves nothing;
 *  3. MAP_NORESERVE reserves nothing: a private mapping of 6 pages in a
 *     pool of 4 succeeds, 4 writes take the 4 pages and the fifth page
 *     raises SIGBUS (BUS_ADRERR) at its address; shared MAP_NORESERVE
 *     reserves nothing either;
 *  4. mapping more than the pool is ENOMEM, private or shared, the
 *     counters untouched;
 *  5. fallocate(PUNCH_HOLE) on a shared mapping frees a faulted page with
 *     its reservation and leaves an unfaulted page's reservation alone
 *     (remove_inode_hugepages(): only pages found are unreserved); a fault
 *     in the hole then takes an unreserved page, one on the kept page its
 *     reservation; ftruncate() releases pages and reservations alike;
 *  6. mremap() of a private mapping (5.16+) moves its reservation with
 *     it: the untouched page stays reserved at the new address and is
 *     released once, at its munmap(); the old address is unmapped.
 *     Shrinking releases the tail's reservation; growing, an unaligned
 *     address and MREMAP_DONTUNMAP are EINVAL.
 */
#include <sys/mman.h>
#include <linux/falloc.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static void *map_anon(long npages, int flags)
{
	return mmap(NULL, npages * hp, PROT_READ | PROT_WRITE,
		    flags | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
}

static void shared_fadvise(void)
{
	int fd = htl_file();
	char *p;

	htl_expect("start", 0, 0);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("shared file mapping of one page", 0, 1);
	TST_EXP_PASS(posix_fadvise(fd, 0, hp, POSIX_FADV_WILLNEED),
		     "posix_fadvise(WILLNEED)");
	htl_expect("after fadvise(WILLNEED)", 0, 1);
	TST_EXP_PASS(posix_fadvise(fd, 0, hp, POSIX_FADV_DONTNEED),
		     "posix_fadvise(DONTNEED)");
	htl_expect("after fadvise(DONTNEED)", 0, 1);
	fill_pattern(p, hp, 1);
	htl_expect("page written", 1, 0);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped: the page stays in the file", 1, 0);
	SAFE_CLOSE(fd);
	htl_expect("unlinked file closed", 0, 0);
}

static void private_partial(void)
{
	char *p = map_anon(POOL, MAP_PRIVATE);
	pid_t pid;

	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB) of %d pages", POOL);
	htl_expect("private mapping of 4 pages", 0, 4);
	p[0] = 1;
	htl_expect("first page written", 1, 3);
	SAFE_MUNMAP(p + 2 * hp, 2 * hp);
	htl_expect("two untouched pages unmapped", 1, 1);
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("rest unmapped", 0, 0);

	pid = SAFE_FORK();
	if (!pid) {
		p = map_anon(2, MAP_PRIVATE);
		if (p == MAP_FAILED)
			tst_brk(TBROK | TERRNO, "child: mmap(MAP_HUGETLB)");
		p[0] = 1;
		htl_expect("child mapped 2 pages, wrote one", 1, 1);
		_exit(0);
	}
	wait_child(pid);
	htl_expect("child exited without munmap()", 0, 0);
}

static void noreserve(void)
{
	char *p = map_anon(POOL + 2, MAP_PRIVATE | MAP_NORESERVE);
	long i;
	int fd;

	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "private MAP_NORESERVE mapping of %d "
			"pages, pool of %d", POOL + 2, POOL);
		return;
	}
	tst_res(TPASS, "private MAP_NORESERVE mapping of %d pages, pool of %d",
		POOL + 2, POOL);
	htl_expect("nothing reserved", 0, 0);
	for (i = 0; i < POOL; i++)
		p[i * hp] = 1;
	htl_expect("4 pages written", POOL, 0);
	expect_access(p + POOL * hp + 64, VM_WRITE_ACCESS, SIGBUS, BUS_ADRERR,
		      "fifth page with the pool empty");
	htl_expect("after the failed fault", POOL, 0);
	SAFE_MUNMAP(p, (POOL + 2) * hp);
	htl_expect("unmapped", 0, 0);

	fd = htl_file();
	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_NORESERVE, fd, 0);
	htl_expect("shared MAP_NORESERVE mapping of 2 pages", 0, 0);
	p[hp] = 1;
	htl_expect("one page written", 1, 0);
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("unmapped and closed", 0, 0);
}

static void enomem(void)
{
	int fd = htl_file();
	void *p;

	p = map_anon(POOL + 1, MAP_PRIVATE);
	TST_EXP_EXPR(p == MAP_FAILED && errno == ENOMEM, "private mapping of "
		     "%d pages, pool of %d: ENOMEM (%s)", POOL + 1, POOL,
		     p == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, (POOL + 1) * hp);
	p = mmap(NULL, (POOL + 1) * hp, PROT_READ | PROT_WRITE, MAP_SHARED,
		 fd, 0);
	TST_EXP_EXPR(p == MAP_FAILED && errno == ENOMEM, "shared mapping of "
		     "%d pages, pool of %d: ENOMEM (%s)", POOL + 1, POOL,
		     p == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, (POOL + 1) * hp);
	SAFE_CLOSE(fd);
	htl_expect("after the refused mappings", 0, 0);
}

static void punch_reserved(void)
{
	int fd = htl_file();
	char *p;
	long bad;

	SAFE_FTRUNCATE(fd, POOL * hp);
	p = SAFE_MMAP(NULL, POOL * hp, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, 0);
	htl_expect("shared mapping of 4 pages", 0, 4);
	fill_pattern(p, hp, 5);
	p[2 * hp] = 1;
	htl_expect("pages 0 and 2 written", 2, 2);
	TST_EXP_PASS(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			       hp, 2 * hp), "punch pages 1 (reserved) and 2 "
		     "(faulted)");
	htl_expect("page 2 and its reservation gone, page 1 still reserved",
		   1, 2);
	bad = first_nonzero(p + 2 * hp, hp);
	TST_EXP_EXPR(bad < 0, "page 2 reads zeros after the punch (non-zero "
		     "at %ld)", bad);
	htl_expect("page 2 faulted again, without a reservation", 2, 2);
	p[hp] = 1;
	htl_expect("page 1 faulted: its reservation consumed", 3, 1);
	SAFE_FTRUNCATE(fd, hp);
	htl_expect("truncated to page 0: pages 1-2 freed, page 3 unreserved",
		   1, 0);
	bad = check_pattern(p, hp, 5);
	TST_EXP_EXPR(bad < 0, "page 0 intact (bad byte %ld)", bad);
	SAFE_MUNMAP(p, POOL * hp);
	SAFE_CLOSE(fd);
	htl_expect("unmapped and closed", 0, 0);
}

static void remap(void)
{
	char *p = map_anon(2, MAP_PRIVATE), *dst, *q;
	long bad;

	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB) of 2 pages");
	fill_pattern(p, hp, 6);
	htl_expect("private mapping of 2 pages, page 0 written", 1, 1);

	q = mremap(p, 2 * hp, 3 * hp, MREMAP_MAYMOVE);
	TST_EXP_EXPR(q == MAP_FAILED && errno == EINVAL, "mremap() growing "
		     "a hugetlb mapping: EINVAL (%s)",
		     q == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	dst = htl_free_aligned(2 * hp, hp);
	q = mremap(p, 2 * hp, 2 * hp, MREMAP_MAYMOVE | MREMAP_FIXED,
		   dst + pg);
	TST_EXP_EXPR(q == MAP_FAILED && errno == EINVAL, "mremap() to an "
		     "address off the huge page boundary: EINVAL (%s)",
		     q == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	q = mremap(p, 2 * hp, 2 * hp, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, dst);
	TST_EXP_EXPR(q == MAP_FAILED && errno == EINVAL, "mremap("
		     "MREMAP_DONTUNMAP) of a hugetlb mapping: EINVAL (%s)",
		     q == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	htl_expect("after the refused mremap() calls", 1, 1);

	q = mremap(p, 2 * hp, 2 * hp, MREMAP_MAYMOVE | MREMAP_FIXED, dst);
	if (q == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap(MREMAP_FIXED) of a private "
			"hugetlb mapping to %p", dst);
		SAFE_MUNMAP(p, 2 * hp);
		return;
	}
	TST_EXP_EXPR(q == dst, "moved to %p (asked %p)", q, dst);
	htl_expect("moved: the untouched page is still reserved", 1, 1);
	bad = check_pattern(q, hp, 6);
	TST_EXP_EXPR(bad < 0, "page 0 moved intact (bad byte %ld)", bad);
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "old address after the move");
	q[hp] = 1;
	htl_expect("page 1 written at the new address", 2, 0);
	SAFE_MUNMAP(q, 2 * hp);
	htl_expect("moved mapping unmapped", 0, 0);

	p = map_anon(2, MAP_PRIVATE);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB) of 2 pages");
	htl_expect("private mapping of 2 pages", 0, 2);
	q = mremap(p, 2 * hp, hp, 0);
	TST_EXP_EXPR(q == p, "mremap() shrinking to one page (%p, was %p)",
		     q, p);
	htl_expect("shrunk: the tail's reservation released", 0, 1);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	shared_fadvise();
	private_partial();
	noreserve();
	enomem();
	punch_reserved();
	remap();
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
	.tags = (const struct tst_tag[]) {
		{"linux-git", "f2deae9d4e70"},
		{}
	},
};
