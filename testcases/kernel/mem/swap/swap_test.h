/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of swap01 and swap02: swap files of the test's own in its
 * tmpdir (swapfile.h writes them), turned off in the cleanup if a test
 * left them on; anonymous memory with a pattern of its own in every page
 * (page i of seed s), pushed out with MADV_PAGEOUT (5.4 and later).
 */
#ifndef SWAP_TEST_H
#define SWAP_TEST_H

#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "swapfile.h"
#include "vm_helpers.h"
#include "cpu_pin.h"

#define MB (1024 * 1024)
#define MAX_SWAPS 2

static char swap_files[MAX_SWAPS][PATH_MAX + 16];
static int swap_active[MAX_SWAPS];

/* Write swap file n (mb MiB) and turn it on with priority prio. */
static inline void swap_file_on(int n, long mb, int prio)
{
	char name[32];

	snprintf(name, sizeof(name), "swap%d", n);
	swap_tmp_path(swap_files[n], sizeof(swap_files[n]), name);
	make_swapfile_pages(swap_files[n], mb * (MB / getpagesize()), 1);
	if (sys_swapon(swap_files[n], SWAP_FLAG_PREFER_ |
		       (prio << SWAP_FLAG_PRIO_SHIFT_))) {
		if (errno == EINVAL)
			tst_brk(TCONF | TERRNO, "swap file %s refused",
				swap_files[n]);
		tst_brk(TBROK | TERRNO, "swapon(%s)", swap_files[n]);
	}
	swap_active[n] = 1;
}

static inline void swap_files_off(void)
{
	int n;

	for (n = 0; n < MAX_SWAPS; n++)
		if (swap_active[n] && sys_swapoff(swap_files[n]))
			tst_res(TWARN | TERRNO, "swapoff(%s)", swap_files[n]);
}

static inline unsigned int page_seed(size_t page, unsigned int seed)
{
	return seed * 2654435761u + page * 40503u;
}

static inline void fill_pages(unsigned char *m, size_t first, size_t n,
			      size_t step, unsigned int seed)
{
	size_t psz = getpagesize(), i;

	for (i = first; i < n; i += step)
		fill_pattern(m + i * psz, psz, page_seed(i, seed));
}

/* First page in [first, n) by step that is not of seed, or -1. */
static inline long bad_page(const unsigned char *m, size_t first, size_t n,
			    size_t step, unsigned int seed)
{
	size_t psz = getpagesize(), i;

	for (i = first; i < n; i += step)
		if (check_pattern(m + i * psz, psz, page_seed(i, seed)) >= 0)
			return i;
	return -1;
}

/* MADV_PAGEOUT, TCONF where the kernel lacks it (before 5.4). */
static inline void page_out(void *m, size_t len)
{
	if (!madvise(m, len, MADV_PAGEOUT))
		return;
	if (errno == EINVAL)
		tst_brk(TCONF | TERRNO, "MADV_PAGEOUT (before 5.4)");
	tst_brk(TBROK | TERRNO, "madvise(MADV_PAGEOUT)");
}

#endif /* SWAP_TEST_H */
