// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File seals on a hugetlbfs memfd (memfd_create(MFD_HUGETLB |
 * MFD_ALLOW_SEALING)), pool of 4 default-size pages and no overcommit;
 * the checks are hugetlbfs' own (hugetlbfs_setattr(), hugetlbfs_fallocate(),
 * hugetlbfs_punch_hole()) besides the shared memfd code:
 *  1. without MFD_ALLOW_SEALING F_GET_SEALS is F_SEAL_SEAL and
 *     F_ADD_SEALS is EPERM;
 *  2. F_SEAL_GROW: ftruncate() to a larger size and fallocate() past
 *     the end, also with KEEP_SIZE, are EPERM and take no page;
 *     ftruncate() smaller and fallocate() inside the file work;
 *  3. F_SEAL_SHRINK: ftruncate() smaller is EPERM, the pages stay;
 *     ftruncate() to the same size works;
 *  4. F_SEAL_WRITE: EBUSY while a writable shared mapping exists, then
 *     granted; a writable MAP_SHARED mmap() is EPERM, a read-only one
 *     reads the data; a hole punch is EPERM and frees nothing;
 *  5. F_SEAL_FUTURE_WRITE: a writable mapping made before it keeps
 *     writing, a new writable MAP_SHARED mmap() is EPERM, a hole punch is
 *     EPERM;
 *  6. F_SEAL_SEAL: F_GET_SEALS reads every seal added, further
 *     F_ADD_SEALS is EPERM.
 * Closing everything returns every page to the pool.
 */

#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/fcntl.h"
#include "lapi/memfd.h"
#include "hugetlb_pool.h"

#define POOL 4

#ifndef FALLOC_FL_KEEP_SIZE
# define FALLOC_FL_KEEP_SIZE 0x01
#endif
#ifndef FALLOC_FL_PUNCH_HOLE
# define FALLOC_FL_PUNCH_HOLE 0x02
#endif
#define PUNCH (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE)

static int hmemfd(unsigned int flags)
{
	int fd = tst_syscall(__NR_memfd_create, "hugetlb_memfd01",
			     MFD_HUGETLB | flags);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create(MFD_HUGETLB)");
	return fd;
}

static void expect_size(int fd, const char *when, off_t size, long pages)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == size && st.st_blocks * 512 == pages * hp,
		     "%s: st_size %lld, %lld blocks (expected %lld, %ld pages)",
		     when, (long long)st.st_size, (long long)st.st_blocks,
		     (long long)size, pages);
}

static void no_sealing(void)
{
	int fd = hmemfd(0);

	TST_EXP_VAL(fcntl(fd, F_GET_SEALS), F_SEAL_SEAL,
		    "F_GET_SEALS without MFD_ALLOW_SEALING");
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW), EPERM,
		     "F_ADD_SEALS without MFD_ALLOW_SEALING");
	SAFE_CLOSE(fd);
}

static void grow_shrink(void)
{
	int fd = hmemfd(MFD_ALLOW_SEALING);

	SAFE_FTRUNCATE(fd, 2 * hp);
	TST_EXP_PASS(fallocate(fd, 0, 0, 2 * hp), "fallocate() of 2 pages");
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW), "F_SEAL_GROW");
	TST_EXP_FAIL(ftruncate(fd, 3 * hp), EPERM, "ftruncate() larger");
	TST_EXP_FAIL(fallocate(fd, 0, 2 * hp, hp), EPERM,
		     "fallocate() past the end");
	TST_EXP_FAIL(fallocate(fd, FALLOC_FL_KEEP_SIZE, hp, 2 * hp), EPERM,
		     "fallocate(KEEP_SIZE) across the end");
	htl_expect("after the refused growth", 2, 0);
	expect_size(fd, "F_SEAL_GROW", 2 * hp, 2);
	TST_EXP_PASS(fallocate(fd, PUNCH, hp, hp), "punch inside the file");
	TST_EXP_PASS(fallocate(fd, 0, hp, hp), "fallocate() inside the file");
	TST_EXP_PASS(ftruncate(fd, hp), "ftruncate() smaller");
	htl_expect("shrunk to one page", 1, 0);

	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK), "F_SEAL_SHRINK");
	TST_EXP_FAIL(ftruncate(fd, 0), EPERM, "ftruncate(0)");
	TST_EXP_PASS(ftruncate(fd, hp), "ftruncate() to the same size");
	htl_expect("F_SEAL_SHRINK kept the page", 1, 0);
	expect_size(fd, "F_SEAL_SHRINK", hp, 1);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void write_seal(void)
{
	int fd = hmemfd(MFD_ALLOW_SEALING);
	char *p;

	SAFE_FTRUNCATE(fd, 2 * hp);
	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p[0] = 0x57;
	p[hp] = 0x75;
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), EBUSY,
		     "F_SEAL_WRITE with a writable mapping");
	SAFE_MUNMAP(p, 2 * hp);
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), "F_SEAL_WRITE");
	p = mmap(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(p == MAP_FAILED && errno == EPERM, "writable MAP_SHARED "
		     "mmap() under F_SEAL_WRITE: %s",
		     p == MAP_FAILED ? tst_strerrno(errno) : "mapped");
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, hp);
	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(p[0] == 0x57 && p[hp] == 0x75, "a read-only mapping "
		     "reads the data");
	TST_EXP_FAIL(fallocate(fd, PUNCH, 0, hp), EPERM,
		     "punch under F_SEAL_WRITE");
	htl_expect("nothing punched", 2, 0);
	TST_EXP_EXPR(p[0] == 0x57, "the page is still there");
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void future_write(void)
{
	int fd = hmemfd(MFD_ALLOW_SEALING);
	char *p, *q;

	SAFE_FTRUNCATE(fd, hp);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_FUTURE_WRITE),
		     "F_SEAL_FUTURE_WRITE with a writable mapping");
	p[1] = 0x46;
	TST_EXP_EXPR(p[1] == 0x46, "the earlier writable mapping still "
		     "writes");
	q = mmap(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(q == MAP_FAILED && errno == EPERM, "new writable "
		     "MAP_SHARED mmap(): %s",
		     q == MAP_FAILED ? tst_strerrno(errno) : "mapped");
	if (q != MAP_FAILED)
		SAFE_MUNMAP(q, hp);
	TST_EXP_FAIL(fallocate(fd, PUNCH, 0, hp), EPERM,
		     "punch under F_SEAL_FUTURE_WRITE");
	htl_expect("F_SEAL_FUTURE_WRITE: the page stays", 1, 0);

	TST_EXP_PASS(fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL | F_SEAL_GROW),
		     "F_SEAL_SEAL | F_SEAL_GROW");
	TST_EXP_VAL(fcntl(fd, F_GET_SEALS),
		    F_SEAL_FUTURE_WRITE | F_SEAL_SEAL | F_SEAL_GROW,
		    "F_GET_SEALS");
	TST_EXP_FAIL(fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK), EPERM,
		     "F_ADD_SEALS after F_SEAL_SEAL");
	SAFE_MUNMAP(p, hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void run(void)
{
	no_sealing();
	grow_shrink();
	write_seal();
	future_write();
}

static void setup(void)
{
	htl_setup(POOL, 0);
	TEST(tst_syscall(__NR_memfd_create, "probe", MFD_HUGETLB));
	if (TST_RET < 0)
		tst_brk(TCONF | TTERRNO, "memfd_create(MFD_HUGETLB)");
	SAFE_CLOSE(TST_RET);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	HTL_TEST_FIELDS(POOL),
};
