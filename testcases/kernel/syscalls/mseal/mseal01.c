// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mseal() (Linux 6.10) seals mappings against change (mm/mseal.c):
 *
 * Errors, none of which seals anything:
 * - EINVAL: flags 1 and ~0; a start not page aligned; a length that
 *   rounds up to 0 (ULONG_MAX - page + 2); a range that wraps.
 * - ENOMEM: start unmapped, end unmapped, a hole in between; the mapped
 *   part of such a range is still not sealed (munmap() of it works).
 * - Length 0 is a no-op success, also at an unmapped address; sealing
 *   twice succeeds; a length of 1 seals the whole page and only it.
 *
 * What a seal blocks, with EPERM, on 2 sealed pages inside 8 mapped ones:
 * - mprotect() and pkey_mprotect(pkey -1) of the sealed pages (the
 *   unsealed ones still change); /proc/self/smaps shows "sl" in VmFlags.
 * - munmap() of the sealed pages or of the whole area; afterwards every
 *   page is still mapped with its data (nothing was unmapped).
 * - mremap() shrinking, growing or moving the sealed pages, and moving
 *   another mapping onto them with MREMAP_FIXED (which stays where it
 *   was, data intact); mmap(MAP_FIXED) over them. The data is unchanged.
 * - On read-only private anonymous memory, the discarding madvise()
 *   advice: MADV_DONTNEED, MADV_FREE, MADV_DONTNEED_LOCKED, MADV_REMOVE,
 *   MADV_DONTFORK, MADV_WIPEONFORK; the data is still there. Other advice
 *   succeeds there: MADV_NORMAL, MADV_RANDOM, MADV_SEQUENTIAL,
 *   MADV_WILLNEED, MADV_COLD, MADV_PAGEOUT (is_madv_discard() tested the
 *   advice as a bit mask and refused these, e46bc2e7eb90).
 * - On writable anonymous memory MADV_DONTNEED is allowed: the sealed
 *   page reads zeros afterwards.
 */
#include <limits.h>
#include <stdio.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "lapi/mman.h"

#define NPAGES 8

static size_t pg;

static long sys_mseal(void *start, size_t len, unsigned long flags)
{
	return syscall(__NR_mseal, start, len, flags);
}

static char *map_area(int prot, unsigned int seed)
{
	char *p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	fill_pattern(p, NPAGES * pg, seed);
	if (prot != (PROT_READ | PROT_WRITE))
		SAFE_MPROTECT(p, NPAGES * pg, prot);
	return p;
}

static void test_errors(void)
{
	char *p = map_area(PROT_READ | PROT_WRITE, 1);
	void *hole = free_range(pg);

	TST_EXP_FAIL(sys_mseal(p, pg, 1), EINVAL, "mseal(flags 1)");
	TST_EXP_FAIL(sys_mseal(p, pg, ULONG_MAX), EINVAL, "mseal(flags ~0)");
	TST_EXP_FAIL(sys_mseal(p + 1, pg, 0), EINVAL, "mseal(start + 1)");
	TST_EXP_FAIL(sys_mseal(p, ULONG_MAX - pg + 2, 0), EINVAL,
		     "mseal(len rounding up to 0)");
	TST_EXP_FAIL(sys_mseal(p, -(unsigned long)p + pg, 0), EINVAL,
		     "mseal(start + len wrapping)");
	TST_EXP_PASS(sys_mseal(hole, 0, 0), "mseal(unmapped, len 0)");

	/* Pages 0-1 and 3-7 mapped, page 2 a hole. */
	SAFE_MUNMAP(p + 2 * pg, pg);
	TST_EXP_FAIL(sys_mseal(p + 2 * pg, 2 * pg, 0), ENOMEM,
		     "mseal(start in the hole)");
	TST_EXP_FAIL(sys_mseal(p + pg, 2 * pg, 0), ENOMEM,
		     "mseal(end in the hole)");
	TST_EXP_FAIL(sys_mseal(p, 5 * pg, 0), ENOMEM,
		     "mseal(the hole in the middle)");
	TST_EXP_FAIL(sys_mseal(hole, pg, 0), ENOMEM, "mseal(unmapped page)");
	TST_EXP_PASS(munmap(p, 2 * pg),
		     "munmap() of pages a failed mseal() spanned");
	TST_EXP_PASS(mprotect(p + 3 * pg, 2 * pg, PROT_READ),
		     "mprotect() of pages a failed mseal() spanned");

	/* Length 1 seals page 3, and page 4 stays free. */
	TST_EXP_PASS(sys_mseal(p + 3 * pg, 1, 0), "mseal(len 1)");
	TST_EXP_PASS(sys_mseal(p + 3 * pg, pg, 0), "mseal() a second time");
	TST_EXP_FAIL(mprotect(p + 3 * pg, pg, PROT_NONE), EPERM,
		     "mprotect() of the page sealed with len 1");
	TST_EXP_PASS(mprotect(p + 4 * pg, pg, PROT_NONE),
		     "mprotect() of the next page");
	TST_EXP_PASS(munmap(p + 4 * pg, 4 * pg), "munmap() of pages 4-7");
}

static void expect_intact(char *p, unsigned int seed, const char *after)
{
	TST_EXP_EXPR(check_pattern(p, NPAGES * pg, seed) == -1,
		     "after %s all %d pages hold their data", after, NPAGES);
}

static void test_vma_ops(void)
{
	char *p = map_area(PROT_READ | PROT_WRITE, 2);
	char *s = p + 2 * pg, *other, *dst;

	TST_EXP_PASS(sys_mseal(s, 2 * pg, 0), "mseal(pages 2-3 of 8)");
	TST_EXP_EXPR(smaps_flag(s, "sl") && !smaps_flag(p, "sl"),
		     "smaps: VmFlags 'sl' on the sealed pages only");

	TST_EXP_FAIL(mprotect(s, 2 * pg, PROT_READ), EPERM,
		     "mprotect(sealed, PROT_READ)");
	TST_EXP_FAIL(mprotect(s + pg, pg, PROT_NONE), EPERM,
		     "mprotect(one sealed page, PROT_NONE)");
	TST_EXP_FAIL(syscall(__NR_pkey_mprotect, s, 2 * pg, PROT_READ, -1),
		     EPERM, "pkey_mprotect(sealed, PROT_READ, pkey -1)");
	TST_EXP_PASS(mprotect(p, 2 * pg, PROT_READ | PROT_WRITE | PROT_EXEC),
		     "mprotect() of the unsealed pages 0-1");
	TST_EXP_EXPR(probe_access(s, VM_WRITE_ACCESS).sig == 0,
		     "the sealed pages are still writable");

	TST_EXP_FAIL(munmap(s, 2 * pg), EPERM, "munmap(sealed)");
	TST_EXP_FAIL(munmap(p, NPAGES * pg), EPERM, "munmap(all 8 pages)");
	TST_EXP_FAIL(munmap(s + pg, 3 * pg), EPERM,
		     "munmap(sealed page 3 and pages 4-5)");
	expect_intact(p, 2, "the failed munmap() calls");

	TST_EXP_EXPR(mremap(s, 2 * pg, pg, 0) == MAP_FAILED && errno == EPERM,
		     "mremap() shrinking the sealed pages: EPERM (%s)",
		     tst_strerrno(errno));
	TST_EXP_EXPR(mremap(s + pg, pg, 3 * pg, MREMAP_MAYMOVE) == MAP_FAILED
		     && errno == EPERM, "mremap() growing a sealed page: "
		     "EPERM (%s)", tst_strerrno(errno));
	dst = free_range(2 * pg);
	TST_EXP_EXPR(mremap(s, 2 * pg, 2 * pg, MREMAP_MAYMOVE | MREMAP_FIXED,
			    dst) == MAP_FAILED && errno == EPERM,
		     "mremap() moving the sealed pages: EPERM (%s)",
		     tst_strerrno(errno));
	other = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fill_pattern(other, 2 * pg, 9);
	TST_EXP_EXPR(mremap(other, 2 * pg, 2 * pg,
			    MREMAP_MAYMOVE | MREMAP_FIXED, s) == MAP_FAILED &&
		     errno == EPERM, "mremap() moving a mapping onto the "
		     "sealed pages: EPERM (%s)", tst_strerrno(errno));
	TST_EXP_EXPR(check_pattern(other, 2 * pg, 9) == -1,
		     "the mapping that was to move is still in place");
	TST_EXP_EXPR(mmap(s, 2 * pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
			  MAP_FIXED, -1, 0) == MAP_FAILED && errno == EPERM,
		     "mmap(MAP_FIXED) over the sealed pages: EPERM (%s)",
		     tst_strerrno(errno));
	expect_intact(p, 2, "the failed mremap() and mmap() calls");
	SAFE_MUNMAP(other, 2 * pg);

	TST_EXP_PASS(madvise(s, pg, MADV_DONTNEED),
		     "madvise(MADV_DONTNEED) on sealed writable anon memory");
	TST_EXP_EXPR(first_nonzero(s, pg) == -1,
		     "the sealed writable page reads zeros after it");
}

static const struct {
	int advice;
	const char *name;
	int err;
} advices[] = {
	{MADV_DONTNEED, "MADV_DONTNEED", EPERM},
	{MADV_FREE, "MADV_FREE", EPERM},
	{MADV_DONTNEED_LOCKED, "MADV_DONTNEED_LOCKED", EPERM},
	{MADV_REMOVE, "MADV_REMOVE", EPERM},
	{MADV_DONTFORK, "MADV_DONTFORK", EPERM},
	{MADV_WIPEONFORK, "MADV_WIPEONFORK", EPERM},
	{MADV_NORMAL, "MADV_NORMAL", 0},
	{MADV_RANDOM, "MADV_RANDOM", 0},
	{MADV_SEQUENTIAL, "MADV_SEQUENTIAL", 0},
	{MADV_WILLNEED, "MADV_WILLNEED", 0},
	{MADV_COLD, "MADV_COLD", 0},
	{MADV_PAGEOUT, "MADV_PAGEOUT", 0},
};

static void test_madvise_ro(void)
{
	char *p = map_area(PROT_READ, 3);
	unsigned int i;

	TST_EXP_PASS(sys_mseal(p, NPAGES * pg, 0), "mseal(read-only anon)");
	for (i = 0; i < ARRAY_SIZE(advices); i++) {
		if (advices[i].err) {
			TST_EXP_FAIL(madvise(p, NPAGES * pg, advices[i].advice),
				     advices[i].err, "madvise(sealed read-only "
				     "anon, %s)", advices[i].name);
		} else {
			TST_EXP_PASS(madvise(p, NPAGES * pg, advices[i].advice),
				     "madvise(sealed read-only anon, %s)",
				     advices[i].name);
		}
	}
	expect_intact(p, 3, "the madvise() calls");
}

static void run(void)
{
	test_errors();
	test_vma_ops();
	test_madvise_ro();
}

static void setup(void)
{
	void *p;

	pg = vm_page_size();
	p = free_range(pg);
	if (sys_mseal(p, 0, 0) && errno == ENOSYS)
		tst_brk(TCONF, "mseal() not in this kernel (ENOSYS): Linux "
			"6.10, 64-bit");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "e46bc2e7eb90"},
		{}
	},
};
