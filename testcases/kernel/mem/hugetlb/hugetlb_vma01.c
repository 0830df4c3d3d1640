// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Calls that act on hugetlb mappings, pool of 4 default-size pages and no
 * overcommit, HugePages_Free/Rsvd read back at every step:
 *  1. mincore() of a shared hugetlbfs mapping reports every base page of a
 *     faulted huge page resident and nothing of an unfaulted one;
 *     madvise(MADV_DONTNEED) of it only unmaps: the pages stay in the file
 *     (Free unchanged), mincore() says none is mapped, and the data reads
 *     back as written;
 *  2. MADV_DONTNEED of a written private MAP_HUGETLB page frees it (Free
 *     back up) and the next read faults in a zeroed page; on 6.12 and
 *     later the unmapped page's reservation is restored (Rsvd 1) so no
 *     one can take the page meanwhile; munmap() then leaves nothing;
 *  3. mlock() of a private huge mapping faults every page in (Free down,
 *     Rsvd 0, all resident) and succeeds, but hugetlb pages are not
 *     counted as locked (VmLck unchanged); mmap(MAP_LOCKED) populates
 *     the same way at mmap(); mlock() of a MAP_NORESERVE mapping larger
 *     than the pool is ENOMEM after filling the pool (hugemmap20 checks
 *     mlock of hugetlb mappings);
 *  4. mprotect(PROT_READ) of a shared huge mapping makes a write SIGSEGV
 *     (SEGV_ACCERR) while reads work, PROT_NONE makes a read SIGSEGV too,
 *     PROT_READ | PROT_WRITE restores writes, and the data survives it
 *     all (hugemmap23);
 *  5. read(2) of a hugetlbfs file returns what was written through a
 *     mapping, across a huge page boundary; a hole reads as zeros without
 *     allocating a page; at EOF read() returns 0.
 */

#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static void mincore_dontneed(void)
{
	int fd = htl_file();
	char *p;
	size_t res;
	long i, bad = 0;

	SAFE_FTRUNCATE(fd, 2 * hp);
	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	res = resident_pages(p, 2 * hp);
	TST_EXP_EXPR(res == 0, "mincore() of a fresh mapping: %zu base pages "
		     "resident (expected 0)", res);
	memset(p, 0x6b, hp);
	res = resident_pages(p, 2 * hp);
	TST_EXP_EXPR(res == (size_t)(hp / pg), "one huge page written: %zu "
		     "base pages resident (expected %ld)", res, hp / pg);
	res = resident_pages(p + hp, hp);
	TST_EXP_EXPR(res == 0, "the unwritten huge page: %zu resident", res);
	htl_expect("one of two shared pages written", 1, 1);

	TST_EXP_PASS(madvise(p, 2 * hp, MADV_DONTNEED),
		     "madvise(MADV_DONTNEED) of the shared mapping");
	htl_expect("after MADV_DONTNEED: the page stays in the file", 1, 1);
	res = resident_pages(p, 2 * hp);
	TST_EXP_EXPR(res == 0, "after MADV_DONTNEED: %zu base pages mapped "
		     "(expected 0)", res);
	for (i = 0; i < hp; i++)
		bad += p[i] != 0x6b;
	TST_EXP_EXPR(bad == 0, "the shared page reads back as written (%ld "
		     "bytes differ)", bad);
	htl_expect("read again: the same page", 1, 1);
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void private_dontneed(void)
{
	char *p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	long i, nz = 0;

	memset(p, 0x77, hp);
	htl_expect("private page written", 1, 0);
	TST_EXP_PASS(madvise(p, hp, MADV_DONTNEED),
		     "madvise(MADV_DONTNEED) of the private page");
	if (tst_kvercmp(6, 12, 0) >= 0) {
		htl_expect("after MADV_DONTNEED: freed, reservation restored",
			   0, 1);
	} else {
		tst_res(TINFO, "after MADV_DONTNEED: Free %ld Rsvd %ld (before "
			"6.12 the reservation is not restored)",
			tst_read_meminfo("HugePages_Free:"),
			tst_read_meminfo("HugePages_Rsvd:"));
		TST_EXP_EQ_LI(tst_read_meminfo("HugePages_Free:"), htl_free0);
	}
	for (i = 0; i < hp; i++)
		nz += p[i] != 0;
	TST_EXP_EXPR(nz == 0, "the private page reads zero after "
		     "MADV_DONTNEED (%ld bytes not)", nz);
	htl_expect("read again: a new page", 1, 0);
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void locking(void)
{
	long lck0 = status_kb("VmLck");
	size_t res;
	char *p;

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	htl_expect("private mapping of 2 pages", 0, 2);
	TST_EXP_PASS(mlock(p, 2 * hp), "mlock() of the private mapping");
	htl_expect("mlock() faulted both pages in", 2, 0);
	res = resident_pages(p, 2 * hp);
	TST_EXP_EXPR(res == (size_t)(2 * hp / pg), "after mlock(): %zu of "
		     "%ld base pages resident", res, 2 * hp / pg);
	TST_EXP_EQ_LI(status_kb("VmLck"), lck0);
	TST_EXP_PASS(munlock(p, 2 * hp), "munlock()");
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped", 0, 0);

	p = mmap(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED |
		 MAP_ANONYMOUS | MAP_HUGETLB | MAP_LOCKED, -1, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap(MAP_SHARED | MAP_LOCKED)");
	} else {
		htl_expect("mmap(MAP_LOCKED) populated both pages", 2, 0);
		TST_EXP_EQ_LI(status_kb("VmLck"), lck0);
		SAFE_MUNMAP(p, 2 * hp);
		htl_expect("unmapped", 0, 0);
	}

	p = SAFE_MMAP(NULL, (POOL + 2) * hp, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB |
		      MAP_NORESERVE, -1, 0);
	TST_EXP_FAIL(mlock(p, (POOL + 2) * hp), ENOMEM,
		     "mlock() of a MAP_NORESERVE mapping of pool + 2 pages");
	htl_expect("the pool is filled", POOL, 0);
	SAFE_MUNMAP(p, (POOL + 2) * hp);
	htl_expect("unmapped", 0, 0);
}

static void protection(void)
{
	int fd = htl_file();
	char *p;

	SAFE_FTRUNCATE(fd, hp);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p[0] = 0x42;
	TST_EXP_PASS(mprotect(p, hp, PROT_READ), "mprotect(PROT_READ)");
	expect_access(p + 1, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "PROT_READ");
	expect_access(p + hp - 1, VM_READ_ACCESS, 0, 0, "PROT_READ");
	TST_EXP_PASS(mprotect(p, hp, PROT_NONE), "mprotect(PROT_NONE)");
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_ACCERR, "PROT_NONE");
	TST_EXP_PASS(mprotect(p, hp, PROT_READ | PROT_WRITE),
		     "mprotect(PROT_READ | PROT_WRITE)");
	expect_access(p + 2, VM_WRITE_ACCESS, 0, 0, "PROT_READ | PROT_WRITE");
	TST_EXP_EXPR(p[0] == 0x42 && p[2] == (char)0xa5, "the data survived "
		     "(0x%x, the probe's write 0x%x)", p[0] & 0xff,
		     p[2] & 0xff);
	htl_expect("one shared page throughout", 1, 0);
	SAFE_MUNMAP(p, hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void reading(void)
{
	int fd = htl_file();
	char buf[64], expect[64];
	char *p;
	ssize_t n;
	long nz = 0;
	int i;

	SAFE_FTRUNCATE(fd, 3 * hp);
	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	for (i = 0; i < 64; i++) {
		expect[i] = 'a' + i % 26;
		p[hp - 32 + i] = expect[i];
	}
	htl_expect("two shared pages written, one page a hole", 2, 0);
	n = pread(fd, buf, sizeof(buf), hp - 32);
	TST_EXP_EXPR(n == 64 && !memcmp(buf, expect, 64), "pread() across the "
		     "huge page boundary: %zd bytes, %s", n,
		     n == 64 && !memcmp(buf, expect, 64) ? "as written" :
		     "differ");
	n = pread(fd, buf, sizeof(buf), 2 * hp + 100);
	for (i = 0; i < (int)sizeof(buf); i++)
		nz += buf[i] != 0;
	TST_EXP_EXPR(n == 64 && !nz, "pread() of the hole: %zd bytes, %ld "
		     "not zero", n, nz);
	htl_expect("reading the hole took no page", 2, 0);
	n = pread(fd, buf, sizeof(buf), 3 * hp);
	TST_EXP_EXPR(n == 0, "pread() at EOF returns %zd", n);
	n = pread(fd, buf, sizeof(buf), 3 * hp - 10);
	TST_EXP_EXPR(n == 10, "pread() 10 bytes before EOF returns %zd", n);
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void run(void)
{
	mincore_dontneed();
	private_dontneed();
	locking();
	protection();
	reading();
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
