// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Locking hugetlb mappings in every combination of shared and private,
 * file and anonymous, mlock() and MAP_LOCKED (upstream hugemmap20), pool
 * of 4 default-size pages and no overcommit, HugePages_Free/Rsvd and the
 * file's st_blocks read back at every step. Locking a hugetlb mapping
 * populates it, but the mapping is never marked locked (mlock_fixup() and
 * mmap_region() leave VM_LOCKED off hugetlb mappings, which are not
 * evictable anyway), so VmLck does not count it and smaps shows no "lo":
 *  1. a shared mapping of a 2-page file, by mlock() and by MAP_LOCKED: both
 *     pages are faulted into the file (st_blocks 2 huge pages, Free -2,
 *     Rsvd 0); munlock() changes nothing;
 *  2. a private read-write mapping of the file by mlock(), a private
 *     PROT_READ one by MAP_LOCKED: 2 private pages each (Free -2, Rsvd 0),
 *     none of them in the file (st_blocks 0): a private fault of a page the
 *     file does not have makes an anonymous page;
 *  3. mlock2(MLOCK_ONFAULT) of a private MAP_HUGETLB mapping populates it
 *     all the same (no VM_LOCKONFAULT is set to hold the fault back);
 *  4. mlockall(MCL_CURRENT) populates a reserved hugetlb mapping,
 *     mlockall(MCL_FUTURE) makes the next mmap(MAP_HUGETLB) populate at
 *     once; munlockall() leaves the pages in place.
 */

#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

#ifndef MLOCK_ONFAULT
# define MLOCK_ONFAULT 0x01
#endif

static long blocks(int fd)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	return (long)st.st_blocks;
}

static void not_locked(char *p, long lck0, const char *what)
{
	TST_EXP_EXPR(!smaps_flag(p, "lo") && status_kb("VmLck") == lck0,
		     "%s: no \"lo\" in smaps (%d), VmLck %ld kB (expected "
		     "%ld)", what, smaps_flag(p, "lo"), status_kb("VmLck"),
		     lck0);
}

static char *map_file(int fd, int prot, int flags)
{
	return SAFE_MMAP(NULL, 2 * hp, prot, flags, fd, 0);
}

static void check_file(int fd, long want_blocks, const char *what)
{
	TST_EXP_EXPR(blocks(fd) == want_blocks, "%s: st_blocks %ld (expected "
		     "%ld)", what, blocks(fd), want_blocks);
}

static void shared_file(long lck0)
{
	int fd = htl_file();
	char *p;

	SAFE_FTRUNCATE(fd, 2 * hp);
	p = map_file(fd, PROT_READ | PROT_WRITE, MAP_SHARED);
	htl_expect("shared mapping of 2 pages", 0, 2);
	TST_EXP_PASS(mlock(p, 2 * hp), "mlock() of the shared mapping");
	htl_expect("mlock(): both pages faulted in", 2, 0);
	check_file(fd, 2 * hp / 512, "after mlock()");
	not_locked(p, lck0, "mlock() of the shared mapping");
	TST_EXP_PASS(munlock(p, 2 * hp), "munlock()");
	htl_expect("munlock() keeps the pages", 2, 0);
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);

	fd = htl_file();
	SAFE_FTRUNCATE(fd, 2 * hp);
	p = map_file(fd, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_LOCKED);
	htl_expect("shared MAP_LOCKED: populated at mmap()", 2, 0);
	check_file(fd, 2 * hp / 512, "shared MAP_LOCKED");
	not_locked(p, lck0, "shared MAP_LOCKED");
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void private_file(long lck0)
{
	int fd = htl_file();
	char *p;

	SAFE_FTRUNCATE(fd, 2 * hp);
	p = map_file(fd, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	htl_expect("private mapping of the file", 0, 2);
	TST_EXP_PASS(mlock(p, 2 * hp), "mlock() of the private mapping");
	htl_expect("mlock(): 2 private pages", 2, 0);
	check_file(fd, 0, "private pages are not the file's");
	not_locked(p, lck0, "mlock() of the private mapping");
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped", 0, 0);

	p = map_file(fd, PROT_READ, MAP_PRIVATE | MAP_LOCKED);
	htl_expect("private PROT_READ MAP_LOCKED: populated", 2, 0);
	check_file(fd, 0, "read faults of a private mapping");
	TST_EXP_EXPR(first_nonzero(p, 64) < 0 && first_nonzero(p + hp, 64) < 0,
		     "the populated private pages read zero");
	not_locked(p, lck0, "private MAP_LOCKED");
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void onfault(long lck0)
{
	char *p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);

	TEST(tst_syscall(__NR_mlock2, p, 2 * hp, MLOCK_ONFAULT));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "mlock2(MLOCK_ONFAULT)");
	} else {
		htl_expect("mlock2(MLOCK_ONFAULT) populated both pages", 2, 0);
		not_locked(p, lck0, "mlock2(MLOCK_ONFAULT)");
		TST_EXP_EXPR(!smaps_flag(p, "lf"), "no \"lf\" in smaps");
	}
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped", 0, 0);
}

static void lockall(void)
{
	char *p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			    MAP_ANONYMOUS | MAP_HUGETLB, -1, 0), *q;

	htl_expect("a reserved page", 0, 1);
	TST_EXP_PASS(mlockall(MCL_CURRENT), "mlockall(MCL_CURRENT)");
	htl_expect("mlockall(MCL_CURRENT) faulted it in", 1, 0);
	TST_EXP_PASS(mlockall(MCL_FUTURE), "mlockall(MCL_FUTURE)");
	q = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	htl_expect("MCL_FUTURE: the next mapping populated at mmap()", 3, 0);
	TST_EXP_PASS(munlockall(), "munlockall()");
	htl_expect("munlockall() keeps the pages", 3, 0);
	SAFE_MUNMAP(q, 2 * hp);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	long lck0 = status_kb("VmLck");

	shared_file(lck0);
	private_file(lck0);
	onfault(lck0);
	lockall();
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
