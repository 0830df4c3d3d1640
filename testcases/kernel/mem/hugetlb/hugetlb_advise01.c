// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Read-ahead advice and prefaulting on hugetlb mappings, with a pool of 4
 * default-size pages and no overcommit; HugePages_Free and HugePages_Rsvd
 * are checked after every step (upstream hugemmap16, hugemmap30):
 *  1. madvise(MADV_WILLNEED) and readahead(2) over a shared mapping of a
 *     hugetlbfs file take no page and leave its 2 reservations alone,
 *     before and after a page is written; munmap() leaves the written page
 *     and the other page's reservation with the file (shared reservations
 *     belong to the inode), close() of the unlinked file frees both.
 *     f2deae9d4e70 fixed read-ahead on hugetlbfs allocating pages outside
 *     the reservation: the reservation count leaked, so once the pages
 *     were freed HugePages_Rsvd never came back to 0;
 *  2. MADV_WILLNEED on a private MAP_HUGETLB mapping (reserved) and on a
 *     MAP_NORESERVE one (nothing reserved) takes no page either;
 *  3. readahead(2) returns 0 past EOF and for a zero count without taking
 *     a page, EBADF on a write-only descriptor, EINVAL on the mount's
 *     directory;
 *  4. MADV_POPULATE_READ faults in every page of a shared mapping, each
 *     taking its own reservation (Free -2, Rsvd 0); MADV_POPULATE_WRITE
 *     over a 6-page private MAP_NORESERVE mapping with a pool of 4 takes
 *     the 4 pages in order and fails with EFAULT at the fifth (the fault
 *     is SIGBUS), the pages taken stay mapped and readable, all go back
 *     at munmap().
 */
#include <fcntl.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static void advise(void *p, size_t len, int advice, const char *what)
{
	TST_EXP_PASS(madvise(p, len, advice), "madvise(%s)", what);
}

static void do_readahead(int fd, off_t off, size_t len, const char *what)
{
	TST_EXP_PASS(readahead(fd, off, len), "readahead(%s)", what);
}

static void shared_file(void)
{
	int fd = htl_file();
	char *p;

	htl_expect("start", 0, 0);
	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("shared mapping of 2 pages", 0, 2);
	advise(p, 2 * hp, MADV_WILLNEED, "MADV_WILLNEED, 2 pages");
	htl_expect("after MADV_WILLNEED", 0, 2);
	do_readahead(fd, 0, 2 * hp, "2 pages");
	htl_expect("after readahead()", 0, 2);
	fill_pattern(p, hp, 7);
	htl_expect("first page written", 1, 1);
	advise(p, 2 * hp, MADV_WILLNEED, "MADV_WILLNEED, one page in");
	do_readahead(fd, 0, 2 * hp, "one page in");
	htl_expect("advice with one page in", 1, 1);
	TST_EXP_EXPR(check_pattern(p, hp, 7) < 0,
		     "first page keeps its data through the advice");
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped: the file keeps its page and reservation", 1, 1);
	SAFE_CLOSE(fd);
	htl_expect("unlinked file closed", 0, 0);
}

static void anon(int flags, long rsvd, const char *what)
{
	char *p = mmap(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | flags,
		       -1, 0);
	char buf[96];

	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap() of a %s mapping", what);
	snprintf(buf, sizeof(buf), "%s mapping of 2 pages", what);
	htl_expect(buf, 0, rsvd);
	advise(p, 2 * hp, MADV_WILLNEED, what);
	snprintf(buf, sizeof(buf), "%s mapping after MADV_WILLNEED", what);
	htl_expect(buf, 0, rsvd);
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped", 0, 0);
}

static void readahead_edges(void)
{
	int fd = htl_file(), wfd, dfd;
	char path[64];

	SAFE_FTRUNCATE(fd, hp);
	do_readahead(fd, 4 * hp, hp, "past EOF");
	do_readahead(fd, 0, 0, "count 0");
	htl_expect("readahead() past EOF and of 0 bytes", 0, 0);

	snprintf(path, sizeof(path), HTL_MNT "/wronly");
	wfd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0600);
	SAFE_UNLINK(path);
	TST_EXP_FAIL(readahead(wfd, 0, hp), EBADF,
		     "readahead() of a write-only descriptor");
	SAFE_CLOSE(wfd);

	dfd = SAFE_OPEN(HTL_MNT, O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(readahead(dfd, 0, hp), EINVAL,
		     "readahead() of the hugetlbfs directory");
	SAFE_CLOSE(dfd);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void populate(void)
{
	int fd = htl_file();
	char *p;
	long i;

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("shared mapping of 2 pages", 0, 2);
	advise(p, 2 * hp, MADV_POPULATE_READ, "MADV_POPULATE_READ");
	htl_expect("populated: each page took its reservation", 2, 0);
	TST_EXP_EQ_LU(resident_pages(p, 2 * hp), 2 * hp / pg);
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);

	p = SAFE_MMAP(NULL, (POOL + 2) * hp, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_NORESERVE,
		      -1, 0);
	htl_expect("private MAP_NORESERVE mapping of 6 pages", 0, 0);
	TST_EXP_FAIL(madvise(p, (POOL + 2) * hp, MADV_POPULATE_WRITE), EFAULT,
		     "MADV_POPULATE_WRITE of 6 pages with a pool of %d", POOL);
	htl_expect("the pool is used up, nothing more", POOL, 0);
	TST_EXP_EQ_LU(resident_pages(p, POOL * hp), POOL * hp / pg);
	TST_EXP_EQ_LU(resident_pages(p + POOL * hp, 2 * hp), 0);
	for (i = 0; i < POOL; i++) {
		if (p[i * hp] || p[(i + 1) * hp - 1])
			break;
	}
	TST_EXP_EXPR(i == POOL, "the %d populated pages read zeros", POOL);
	SAFE_MUNMAP(p, (POOL + 2) * hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	shared_file();
	anon(0, 2, "private");
	anon(MAP_NORESERVE, 0, "private MAP_NORESERVE");
	readahead_edges();
	populate();
}

static void setup(void)
{
	htl_setup(POOL, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "f2deae9d4e70"},
		{}
	},
};
