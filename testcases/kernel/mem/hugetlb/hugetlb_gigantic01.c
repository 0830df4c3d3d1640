// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Gigantic huge pages (1 GiB on x86-64, above the buddy allocator's
 * largest order) allocated and freed at run time through nr_hugepages of
 * their own size (saved and restored):
 *  - writing 1 gives one page (when 1 GiB of contiguous memory can be
 *    found: else TCONF), nr_hugepages and free_hugepages read 1;
 *  - a MAP_HUGETLB | MAP_HUGE_1GB mapping takes it (free_hugepages 0
 *    once touched), its first and last bytes keep what was written, and
 *    munmap() gives it back (free_hugepages 1);
 *  - writing 0 frees it to the buddy allocator: nr_hugepages and
 *    free_hugepages read 0, and the kernel gets no "Bad page state"
 *    (taint B), warning or oops. Freeing a gigantic page left a tail
 *    page's field that aliases page->mapping set, which the page
 *    allocator reported as a bad page: ba9c1201beaa ("mm/hugetlb: clear
 *    compound_nr before freeing gigantic pages") and a01f43901cfb, both
 *    tagged by upstream LTP's hugemmap32 for it.
 * Twice, so that a page freed and allocated again is checked too.
 */
#include <stdio.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/mman.h"

#define GDIR "/sys/kernel/mm/hugepages/hugepages-1048576kB/"
#define GSIZE (1UL << 30)

#ifndef MAP_HUGE_1GB
# define MAP_HUGE_1GB (30 << 26)
#endif

static long gread(const char *name)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), GDIR "%s", name);
	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static void round_trip(int round)
{
	char *p;

	SAFE_FILE_PRINTF(GDIR "nr_hugepages", "1");
	if (gread("nr_hugepages") != 1) {
		if (round)
			tst_res(TFAIL, "round %d: no 1 GiB page again after "
				"one was freed", round);
		else
			tst_brk(TCONF, "no 1 GiB page allocated at run time "
				"(no 1 GiB of contiguous free memory)");
		return;
	}
	TST_EXP_EQ_LI(gread("free_hugepages"), 1);

	p = mmap(NULL, GSIZE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_HUGE_1GB,
		 -1, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap(MAP_HUGE_1GB) with one free "
			"1 GiB page");
	} else {
		p[0] = 'g';
		p[GSIZE - 1] = 'G';
		TST_EXP_EXPR(p[0] == 'g' && p[GSIZE - 1] == 'G',
			     "round %d: the 1 GiB page keeps its first and "
			     "last bytes", round);
		TST_EXP_EQ_LI(gread("free_hugepages"), 0);
		SAFE_MUNMAP(p, GSIZE);
		TST_EXP_EQ_LI(gread("free_hugepages"), 1);
	}

	SAFE_FILE_PRINTF(GDIR "nr_hugepages", "0");
	TST_EXP_EQ_LI(gread("nr_hugepages"), 0);
	TST_EXP_EQ_LI(gread("free_hugepages"), 0);
}

static void run(void)
{
	round_trip(0);
	round_trip(1);
}

static void setup(void)
{
	if (access(GDIR, F_OK))
		tst_brk(TCONF, "no 1 GiB huge pages (%s: CPU without pdpe1gb, "
			"or no CONFIG_HUGETLBFS)", GDIR);
	if (gread("nr_hugepages"))
		tst_brk(TCONF, "1 GiB pages already reserved: %ld",
			gread("nr_hugepages"));
	/* give the contiguous range finder the best chance */
	SAFE_FILE_PRINTF("/proc/sys/vm/compact_memory", "1");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
	.save_restore = (const struct tst_path_val[]) {
		{ GDIR "nr_hugepages", NULL, TST_SR_TCONF_MISSING },
		{}
	},
	.taint_check = TST_TAINT_B | TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		/* mm/hugetlb: clear compound_nr before freeing gigantic pages */
		{ "linux-git", "ba9c1201beaa" },
		{ "linux-git", "a01f43901cfb" },
		{}
	},
};
