// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge page alignment of mmap(), shmget() and the calls that cut mappings,
 * with a pool of 4 default-size pages:
 *  1. a hugetlbfs file mapping lands on a huge page boundary, with no hint
 *     and with a hint one base page off it; its length is rounded up to
 *     whole huge pages (af73e4d9506d made a length of one base page work
 *     instead of failing), also with MAP_FIXED; MAP_FIXED one base page
 *     off the boundary and a file offset of one base page are EINVAL;
 *  2. MAP_HUGETLB rounds the length up too (40716e29243d): hp + 1 bytes
 *     reserve and map 2 pages; MAP_HUGE_<log2 of the default size> is the
 *     default size (42d7395feb56), a size the kernel has no pool for
 *     (MAP_HUGE_64KB) is EINVAL;
 *  3. shmget(SHM_HUGETLB) of 3 * hp - 4096, 3 * hp - 4097, hp and hp + 1
 *     bytes (the sizes that once failed in shmat(), see hugeshmat05)
 *     reserves the rounded-up number of pages, keeps the asked size in
 *     shm_segsz, attaches on a huge page boundary with the whole rounded
 *     size writable, and gives everything back at IPC_RMID;
 *     SHM_HUGE_<log2> works, an unsupported SHM_HUGE_* size is EINVAL
 *     (091d0d55b286 fixed a NULL dereference there);
 *  4. on a hugetlb mapping, mprotect(), munmap(), madvise(MADV_DONTNEED)
 *     and mremap() at an address off a huge page boundary, and mprotect()
 *     and munmap() ending off one, are EINVAL and change nothing;
 *     madvise(MADV_DONTNEED) rounds its end down instead
 *     (8ebe0a5eaaeb): hp + 4096 bytes drop only the first page, 4096
 *     bytes drop nothing; MADV_FREE is EINVAL; aligned mprotect() and
 *     munmap() work on whole pages.
 */
#include <sys/mman.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "lapi/shm.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static int hp_log2;
static int zap_restores;

static void expect_einval(long ret, const char *what)
{
	if (ret == -1 && errno == EINVAL)
		tst_res(TPASS, "%s: EINVAL", what);
	else if (ret == -1)
		tst_res(TFAIL | TERRNO, "%s: expected EINVAL", what);
	else
		tst_res(TFAIL, "%s succeeded, expected EINVAL", what);
}

static void expect_map_einval(void *p, size_t len, const char *what)
{
	expect_einval(p == MAP_FAILED ? -1 : 0, what);
	if (p != MAP_FAILED)
		SAFE_MUNMAP(p, len);
}

static int huge_aligned(void *p)
{
	return !((unsigned long)p & (hp - 1));
}

/* Does the mapping at p span exactly [p, p + len) in /proc/self/maps? */
static int spans(void *p, size_t len)
{
	unsigned long start, end;

	return vma_bounds(p, &start, &end) && start == (unsigned long)p &&
	       end == (unsigned long)p + len;
}

static void file_mmap(void)
{
	int fd = htl_file();
	char *p, *q;

	SAFE_FTRUNCATE(fd, hp);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	TST_EXP_EXPR(huge_aligned(p), "file mapping without a hint at %p", p);
	SAFE_MUNMAP(p, hp);

	q = mmap(p + pg, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (q == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap() with a hint off the boundary");
	} else {
		TST_EXP_EXPR(huge_aligned(q), "hint %p off the boundary: "
			     "mapped at %p", p + pg, q);
		SAFE_MUNMAP(q, hp);
	}
	expect_map_einval(mmap(p + pg, hp, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_FIXED, fd, 0), hp,
			  "MAP_FIXED one base page off the boundary");

	q = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (q == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap() of a base page's length");
	} else {
		TST_EXP_EXPR(huge_aligned(q) && spans(q, hp), "length of one "
			     "base page maps one huge page at %p", q);
		q[hp - 1] = 7;
		TST_EXP_EXPR(q[hp - 1] == 7, "last byte of the rounded-up "
			     "length written");
		SAFE_MUNMAP(q, hp);
	}
	q = mmap(p, pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
	if (q == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "MAP_FIXED mmap() of a base page's "
			"length");
	} else {
		TST_EXP_EXPR(q == p && spans(q, hp), "MAP_FIXED, length of one "
			     "base page maps one huge page at %p", q);
		SAFE_MUNMAP(q, hp);
	}
	expect_map_einval(mmap(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE,
			       fd, pg), hp, "file offset of one base page");
	expect_map_einval(mmap(p, hp, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_FIXED, fd, pg), hp,
			  "MAP_FIXED, file offset of one base page");
	SAFE_CLOSE(fd);
	htl_expect("file mappings done", 0, 0);
}

static void anon_mmap(void)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB;
	char *p;

	p = mmap(NULL, hp + 1, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "MAP_HUGETLB mmap() of hp + 1 bytes");
	} else {
		TST_EXP_EXPR(huge_aligned(p) && spans(p, 2 * hp), "hp + 1 "
			     "bytes map 2 huge pages at %p", p);
		htl_expect("hp + 1 bytes reserve 2 pages", 0, 2);
		expect_einval(munmap(p, hp + 1), "munmap() of hp + 1 bytes");
		SAFE_MUNMAP(p, 2 * hp);
	}
	p = mmap(NULL, hp, PROT_READ | PROT_WRITE,
		 flags | hp_log2 << MAP_HUGE_SHIFT, -1, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "MAP_HUGE_%ldKB (the default size)",
			hp / 1024);
	} else {
		tst_res(TPASS, "MAP_HUGE_%ldKB (the default size) mapped",
			hp / 1024);
		SAFE_MUNMAP(p, hp);
	}
	expect_map_einval(mmap(NULL, hp, PROT_READ | PROT_WRITE,
			       flags | 16 << MAP_HUGE_SHIFT, -1, 0), hp,
			  "MAP_HUGE_64KB (no such pool)");
	htl_expect("anonymous mappings done", 0, 0);
}

static void shm_rm(int id)
{
	if (shmctl(id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
}

static void shm_size(size_t size, int flag_log2)
{
	long npages = (size + hp - 1) / hp;
	struct shmid_ds ds;
	char *p, when[96];
	int id;

	id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600 | SHM_HUGETLB |
		    flag_log2 << SHM_HUGE_SHIFT);
	if (id < 0) {
		tst_res(TFAIL | TERRNO, "shmget(SHM_HUGETLB) of %zu bytes",
			size);
		return;
	}
	snprintf(when, sizeof(when), "segment of %zu bytes: %ld pages reserved",
		 size, npages);
	htl_expect(when, 0, npages);
	if (shmctl(id, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_STAT)");
	TST_EXP_EXPR(ds.shm_segsz == size, "shm_segsz %zu (asked %zu)",
		     (size_t)ds.shm_segsz, size);
	p = shmat(id, NULL, 0);
	if (p == (void *)-1) {
		tst_res(TFAIL | TERRNO, "shmat() of the %zu-byte segment",
			size);
	} else {
		TST_EXP_EXPR(huge_aligned(p) && spans(p, npages * hp),
			     "attached at %p over %ld huge pages", p, npages);
		p[0] = 1;
		p[npages * hp - 1] = 2;
		TST_EXP_EXPR(p[0] == 1 && p[npages * hp - 1] == 2, "first and "
			     "last byte of the rounded-up segment written");
		if (shmdt(p))
			tst_brk(TBROK | TERRNO, "shmdt()");
	}
	shm_rm(id);
	htl_expect("segment removed", 0, 0);
}

static void shm_sizes(void)
{
	int id;

	shm_size(3 * hp - pg, 0);
	shm_size(3 * hp - pg - 1, 0);
	shm_size(hp, 0);
	shm_size(hp + 1, 0);
	shm_size(hp, hp_log2);

	id = shmget(IPC_PRIVATE, hp, IPC_CREAT | 0600 | SHM_HUGETLB |
		    16 << SHM_HUGE_SHIFT);
	expect_einval(id < 0 ? -1 : 0, "shmget(SHM_HUGETLB | SHM_HUGE_64KB)");
	if (id >= 0)
		shm_rm(id);
	id = shmget(IPC_PRIVATE, hp, IPC_CREAT | 0600 | SHM_HUGETLB |
		    31 << SHM_HUGE_SHIFT);
	expect_einval(id < 0 ? -1 : 0, "shmget(SHM_HUGETLB | SHM_HUGE_2GB)");
	if (id >= 0)
		shm_rm(id);
	htl_expect("segments done", 0, 0);
}

static void unaligned_ops(void)
{
	char *p, *q;
	long bad;

	p = mmap(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB) of 2 pages");
	fill_pattern(p, 2 * hp, 8);
	htl_expect("private mapping of 2 pages written", 2, 0);

	expect_einval(mprotect(p + pg, hp, PROT_READ),
		      "mprotect() from one base page into the mapping");
	expect_einval(mprotect(p, pg, PROT_READ),
		      "mprotect() of one base page");
	expect_einval(munmap(p + pg, pg), "munmap() of the second base page");
	expect_einval(munmap(p, hp + pg), "munmap() of hp + 4096 bytes");
	expect_einval(madvise(p + pg, hp, MADV_DONTNEED),
		      "madvise(MADV_DONTNEED) from one base page in");
	expect_einval(madvise(p, hp, MADV_FREE), "madvise(MADV_FREE)");
	q = mremap(p + pg, hp, hp, 0);
	expect_einval(q == MAP_FAILED ? -1 : 0, "mremap() from one base page "
		      "into the mapping");
	TST_EXP_EXPR(spans(p, 2 * hp), "mapping still one piece of 2 pages");
	bad = check_pattern(p, 2 * hp, 8);
	TST_EXP_EXPR(bad < 0, "data intact after the refused calls (bad "
		     "byte %ld)", bad);
	htl_expect("nothing freed", 2, 0);

	TST_EXP_PASS(madvise(p, pg, MADV_DONTNEED),
		     "madvise(MADV_DONTNEED) of one base page");
	bad = check_pattern(p, 2 * hp, 8);
	TST_EXP_EXPR(bad < 0, "...rounded down to nothing: data intact (bad "
		     "byte %ld)", bad);
	htl_expect("no page dropped", 2, 0);
	TST_EXP_PASS(madvise(p, hp + pg, MADV_DONTNEED),
		     "madvise(MADV_DONTNEED) of hp + 4096 bytes");
	htl_expect("first page dropped", 1, zap_restores);
	bad = check_pattern(p + hp, hp, 8 + (unsigned int)(hp * 7 + hp / 4096));
	TST_EXP_EXPR(bad < 0, "second page intact (bad byte %ld)", bad);
	bad = first_nonzero(p, hp);
	TST_EXP_EXPR(bad < 0, "first page reads zeros again (non-zero at "
		     "%ld)", bad);

	TST_EXP_PASS(mprotect(p, hp, PROT_READ), "mprotect() of the first "
		     "huge page");
	expect_access(p + hp - 1, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "write to the read-only huge page");
	expect_access(p + hp, VM_WRITE_ACCESS, 0, 0,
		      "write to the second huge page");
	TST_EXP_PASS(munmap(p + hp, hp), "munmap() of the second huge page");
	TST_EXP_EXPR(spans(p, hp), "one huge page left mapped");
	SAFE_MUNMAP(p, hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	file_mmap();
	anon_mmap();
	shm_sizes();
	unaligned_ops();
}

static void setup(void)
{
	htl_setup(POOL, 1);
	zap_restores = htl_zap_restores_reserve();
	while ((1L << hp_log2) < hp)
		hp_log2++;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "af73e4d9506d"},
		{"linux-git", "40716e29243d"},
		{"linux-git", "42d7395feb56"},
		{"linux-git", "091d0d55b286"},
		{"linux-git", "8ebe0a5eaaeb"},
		{}
	},
};
