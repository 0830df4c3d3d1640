/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the transparent huge page tests share: the sysfs directory, the
 * PMD huge page size, and anonymous mappings that start on a PMD boundary
 * (a huge page can back only an aligned, whole PMD extent).
 */
#ifndef THP_COMMON_H
#define THP_COMMON_H

#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define THP_DIR "/sys/kernel/mm/transparent_hugepage/"

/* hpage_pmd_size in bytes; TCONF without THP sysfs. */
static inline size_t thp_pmd_size(void)
{
	long val;

	if (access(THP_DIR "enabled", F_OK))
		tst_brk(TCONF, "no " THP_DIR "enabled");
	if (!tst_file_read_long(THP_DIR "hpage_pmd_size", &val))
		tst_brk(TCONF, "no " THP_DIR "hpage_pmd_size");
	return val;
}

/*
 * n PMD-aligned extents of hp bytes, private and anonymous, with prot;
 * nothing else in the mapping, so its smaps entry starts at the result.
 */
static inline char *thp_map_aligned(size_t hp, size_t n, int prot)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
	char *p, *a;

	if (prot == PROT_NONE)
		flags |= MAP_NORESERVE;
	p = SAFE_MMAP(NULL, (n + 1) * hp, prot, flags, -1, 0);
	a = (char *)(((unsigned long)p + hp - 1) & ~(hp - 1));
	if (a > p)
		SAFE_MUNMAP(p, a - p);
	SAFE_MUNMAP(a + n * hp, p + (n + 1) * hp - (a + n * hp));
	return a;
}

/*
 * Two PMD-aligned huge pages of fill_pattern(seed), TBROK unless both
 * are huge (the tests run with enabled=always), then MADV_NOHUGEPAGE:
 * the huge PMDs stay, but khugepaged does not collapse again what a
 * test splits while it reads AnonHugePages.
 */
static inline char *thp_map_two_huge(size_t hp, unsigned int seed)
{
	char *a = thp_map_aligned(hp, 2, PROT_READ | PROT_WRITE);
	long kb;

	fill_pattern(a, 2 * hp, seed);
	kb = smaps_kb(a, "AnonHugePages");
	if (kb != (long)(2 * hp / 1024))
		tst_brk(TBROK, "a fresh aligned region has AnonHugePages %ld kB"
			" with enabled=always, not %zu", kb, 2 * hp / 1024);
	if (madvise(a, 2 * hp, MADV_NOHUGEPAGE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_NOHUGEPAGE)");
	return a;
}

#endif /* THP_COMMON_H */
