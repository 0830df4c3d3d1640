// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fallocate() on a hugetlbfs file, pool of 4 default-size pages and no
 * overcommit; HugePages_Free/Rsvd, st_blocks and st_size read back after
 * every step:
 *  1. allocation rounds outward to whole huge pages: 1 byte at offset 0
 *     takes one page and sets st_size to 1 (not to a page); with
 *     KEEP_SIZE one byte at offset hp takes the second page and st_size
 *     stays 1; (1, hp) spans two pages and takes only the one missing;
 *     allocated pages are counted as used, never as reserved; a writable
 *     shared mapping of them reserves nothing more and extends st_size
 *     to its end;
 *  2. a hole punch frees only the whole pages inside the range: 1 byte
 *     frees nothing, (0, 2 * hp - 1) frees the first page only; bytes of
 *     a page only partly inside the range are zeroed in place (the page
 *     stays, what is outside the range keeps its data); st_size never
 *     changes;
 *  3. punching a page mapped MAP_SHARED unmaps it: the mapping's next read
 *     faults in a fresh zeroed page (one page taken, no reservation);
 *  4. with the pool short, fallocate() is ENOSPC after taking the pages
 *     there were (hugetlbfs does not roll back), st_size unchanged, and
 *     ftruncate(0) returns them all;
 *  5. errors: PUNCH_HOLE without KEEP_SIZE and ZERO_RANGE are EOPNOTSUPP,
 *     a length of 0 or a negative offset EINVAL, offset + length past the
 *     largest file size EFBIG, a descriptor opened O_RDONLY EBADF; none
 *     takes a page.
 * Everything is back in the pool after close().
 * Syscalls: fallocate
 */

#include <limits.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/fcntl.h"
#include "hugetlb_pool.h"

#define POOL 4

#ifndef FALLOC_FL_KEEP_SIZE
# define FALLOC_FL_KEEP_SIZE 0x01
#endif
#ifndef FALLOC_FL_PUNCH_HOLE
# define FALLOC_FL_PUNCH_HOLE 0x02
#endif
#ifndef FALLOC_FL_ZERO_RANGE
# define FALLOC_FL_ZERO_RANGE 0x10
#endif
#define PUNCH (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE)

static void expect_file(int fd, const char *when, long pages, off_t size)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_blocks * 512 == pages * hp && st.st_size == size,
		     "%s: st_blocks %lld, st_size %lld (expected %ld pages, "
		     "size %lld)", when, (long long)st.st_blocks,
		     (long long)st.st_size, pages, (long long)size);
}

static long count_nonzero(const char *p, size_t len)
{
	long n = 0;
	size_t i;

	for (i = 0; i < len; i++)
		n += p[i] != 0;
	return n;
}

static void rounding(void)
{
	int fd = htl_file();
	char *p;
	long nz;

	TST_EXP_PASS(fallocate(fd, 0, 0, 1), "fallocate(0, 0, 1)");
	htl_expect("1 byte allocated", 1, 0);
	expect_file(fd, "1 byte allocated", 1, 1);

	TST_EXP_PASS(fallocate(fd, FALLOC_FL_KEEP_SIZE, hp, 1),
		     "fallocate(KEEP_SIZE, hp, 1)");
	htl_expect("second page, KEEP_SIZE", 2, 0);
	expect_file(fd, "second page, KEEP_SIZE", 2, 1);

	TST_EXP_PASS(fallocate(fd, PUNCH, 0, 1), "punch (0, 1)");
	htl_expect("1 byte punched", 2, 0);
	expect_file(fd, "1 byte punched", 2, 1);

	TST_EXP_PASS(fallocate(fd, PUNCH, 0, 2 * hp - 1),
		     "punch (0, 2 * hp - 1)");
	htl_expect("2 * hp - 1 punched: first page only", 1, 0);
	expect_file(fd, "2 * hp - 1 punched", 1, 1);

	TST_EXP_PASS(fallocate(fd, 0, 1, hp), "fallocate(0, 1, hp)");
	htl_expect("(1, hp): the missing first page", 2, 0);
	expect_file(fd, "(1, hp) allocated", 2, hp + 1);

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("both pages mapped: nothing reserved", 2, 0);
	expect_file(fd, "a writable mapping extends the file", 2, 2 * hp);
	memset(p, 0xa5, 2 * hp);

	/* [hp / 2, 3 * hp / 2): no whole page, two partial ones */
	TST_EXP_PASS(fallocate(fd, PUNCH, hp / 2, hp),
		     "punch (hp / 2, hp)");
	htl_expect("two half pages punched", 2, 0);
	nz = count_nonzero(p + hp / 2, hp);
	TST_EXP_EXPR(nz == 0, "the punched half pages read zero (%ld bytes "
		     "not)", nz);
	nz = count_nonzero(p, hp / 2) + count_nonzero(p + 3 * hp / 2, hp / 2);
	TST_EXP_EXPR(nz == hp, "the bytes outside the range kept their data "
		     "(%ld of %ld)", nz, hp);

	/* [1, 2 * hp): the second page whole, the first partly */
	memset(p, 0xa5, 2 * hp);
	TST_EXP_PASS(fallocate(fd, PUNCH, 1, 2 * hp - 1),
		     "punch (1, 2 * hp - 1)");
	htl_expect("second page punched, first kept", 1, 0);
	expect_file(fd, "after the punch (the mapping extended the file)", 1,
		    2 * hp);
	TST_EXP_EXPR(p[0] == (char)0xa5 && !count_nonzero(p + 1, hp - 1),
		     "first page: byte 0 kept, the rest zeroed");

	/* the punched second page is faulted in again, zeroed */
	nz = count_nonzero(p + hp, hp);
	TST_EXP_EXPR(nz == 0, "the punched mapped page reads zero again "
		     "(%ld bytes not)", nz);
	htl_expect("a read of the hole faulted a page in", 2, 0);

	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void punch_mapped(void)
{
	int fd = htl_file();
	char *p;
	long nz;

	SAFE_FTRUNCATE(fd, hp);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("one page mapped", 0, 1);
	memset(p, 0x5a, hp);
	htl_expect("written", 1, 0);
	TST_EXP_PASS(fallocate(fd, PUNCH, 0, hp), "punch the mapped page");
	htl_expect("mapped page punched", 0, 0);
	expect_file(fd, "mapped page punched", 0, hp);
	nz = count_nonzero(p, hp);
	TST_EXP_EXPR(nz == 0, "the mapping reads a zeroed page (%ld bytes "
		     "not)", nz);
	htl_expect("read after the punch: a new page", 1, 0);
	SAFE_MUNMAP(p, hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void short_pool(void)
{
	int fd = htl_file();

	TST_EXP_FAIL(fallocate(fd, 0, 0, (POOL + 1) * hp), ENOSPC,
		     "fallocate() of %d pages with %d in the pool", POOL + 1,
		     POOL);
	htl_expect("after ENOSPC: the pages there were are taken", POOL, 0);
	expect_file(fd, "after ENOSPC", POOL, 0);
	SAFE_FTRUNCATE(fd, 0);
	htl_expect("ftruncate(0)", 0, 0);
	expect_file(fd, "ftruncate(0)", 0, 0);
	SAFE_CLOSE(fd);
}

static void errors(void)
{
	int fd = htl_file(), rfd;
	char path[64];

	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_PUNCH_HOLE, 0, hp), EOPNOTSUPP,
		     "PUNCH_HOLE without KEEP_SIZE");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_ZERO_RANGE, 0, hp), EOPNOTSUPP,
		     "ZERO_RANGE");
	TST_EXP_FAIL(fallocate(fd, 0, 0, 0), EINVAL, "length 0");
	TST_EXP_FAIL(fallocate(fd, 0, -hp, hp), EINVAL, "negative offset");
	TST_EXP_FAIL(fallocate(fd, 0, LLONG_MAX - hp + 1, hp), EFBIG,
		     "offset + length past the largest file size");
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	rfd = SAFE_OPEN(path, O_RDONLY);
	TST_EXP_FAIL(fallocate(rfd, 0, 0, hp), EBADF, "O_RDONLY descriptor");
	SAFE_CLOSE(rfd);
	htl_expect("after the errors", 0, 0);
	expect_file(fd, "after the errors", 0, 0);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	rounding();
	punch_mapped();
	short_pool();
	errors();
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
};
