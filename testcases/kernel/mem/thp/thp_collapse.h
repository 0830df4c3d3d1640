/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the collapse tests (khugepaged limits, MADV_COLLAPSE) share:
 * PMD extents that are VMAs of their own, filled page by page with the
 * patterns of swap_test.h, checked with leading pages that must read
 * zeros, and exact swap-out of a page count read back from
 * /proc/self/pagemap.
 */
#ifndef THP_COLLAPSE_H
#define THP_COLLAPSE_H

#include <fcntl.h>
#include <stdint.h>
#include "tst_test.h"
#include "thp_common.h"
#include "../swap/swap_test.h"

#define PM_SWAP		(1ULL << 62)

/*
 * n PMD-aligned extents of hp bytes, each a VMA of its own: an unmapped
 * extent between two keeps them from merging. ext[i] is extent i; the
 * whole range is unmapped by thp_unmap_extents(ext[0], hp, n).
 */
static inline void thp_map_extents(size_t hp, size_t n, char **ext)
{
	char *a = thp_map_aligned(hp, 2 * n - 1, PROT_READ | PROT_WRITE);
	size_t i;

	for (i = 0; i < n; i++) {
		ext[i] = a + 2 * i * hp;
		if (i)
			SAFE_MUNMAP(ext[i] - hp, hp);
	}
}

static inline void thp_unmap_extents(char *first, size_t hp, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		SAFE_MUNMAP(first + 2 * i * hp, hp);
}

/* Fill the pages of an extent of nr pages but the first skip (left none) */
static inline void fill_extent(char *e, size_t nr, size_t skip,
			       unsigned int seed)
{
	fill_pages((unsigned char *)e, skip, nr, 1, seed);
}

/* First bad page of an extent (the first skip must read zeros), or -1 */
static inline long bad_extent(const char *e, size_t nr, size_t skip,
			      unsigned int seed)
{
	size_t pg = getpagesize(), i;

	for (i = 0; i < skip; i++)
		if (first_nonzero(e + i * pg, pg) >= 0)
			return i;
	return bad_page((const unsigned char *)e, skip, nr, 1, seed);
}

/* Pages of [e, e + nr pages) that are swap entries in /proc/self/pagemap */
static inline size_t swapped_pages(const char *e, size_t nr)
{
	size_t pg = getpagesize(), i, n = 0;
	uint64_t ent[nr];
	int fd = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);

	SAFE_PREAD(1, fd, ent, sizeof(ent), (uintptr_t)e / pg * sizeof(ent[0]));
	SAFE_CLOSE(fd);
	for (i = 0; i < nr; i++)
		n += !!(ent[i] & PM_SWAP);
	return n;
}

/*
 * Push the first n pages of e out (MADV_PAGEOUT, retried: a page may sit
 * in a per-CPU batch, off the LRU) until pagemap shows exactly n.
 */
static inline void swap_out_exactly(char *e, size_t nr, size_t n)
{
	int tries;

	for (tries = 0; tries < 10 && swapped_pages(e, nr) < n; tries++)
		page_out(e, n * getpagesize());
	if (swapped_pages(e, nr) != n)
		tst_brk(TBROK, "%zu of the first %zu pages swapped out after "
			"10 MADV_PAGEOUT", swapped_pages(e, nr), n);
}

#endif /* THP_COLLAPSE_H */
