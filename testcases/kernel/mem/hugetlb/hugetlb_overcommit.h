/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared part of the huge page overcommit tests: the pool sizes, the
 * counters and how they must move (Documentation/admin-guide/mm/
 * hugetlbpage.rst, Documentation/mm/hugetlbfs_reserv.rst).
 *
 * With a pool of HP_POOL persistent pages, free and unreserved, and
 * nr_overcommit_hugepages HP_OVERCOMMIT, a shared mapping (or SHM_HUGETLB
 * segment) of P pages, HP_POOL < P <= HP_POOL + HP_OVERCOMMIT:
 *  - reserves all P pages when it is created: P - HP_POOL surplus pages
 *    join the pool, so Total P, Free P, Rsvd P, Surp P - HP_POOL;
 *  - each first touch of a page takes one reserved free page: after k of
 *    them Free P - k, Rsvd P - k;
 *  - the pages and the reservation belong to the file (segment), not the
 *    mapping: unmapping changes nothing, removing it returns every counter
 *    to the baseline, surplus pages going back to the buddy allocator;
 *  - more than HP_POOL + HP_OVERCOMMIT pages fail with ENOMEM at creation,
 *    the counters untouched.
 * Every value is read from /proc/meminfo and from the hstate's sysfs
 * directory, which must agree.
 */
#ifndef HUGETLB_OVERCOMMIT_H
#define HUGETLB_OVERCOMMIT_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include "tst_test.h"

#define HP_POOL			2
#define HP_OVERCOMMIT		4
#define HP_STR_(x)		#x
#define HP_STR(x)		HP_STR_(x)
/* The largest default huge page the buddy allocator can give as surplus */
#define HP_MAX_SIZE		(32L * 1024 * 1024)

/*
 * The library reserves POOL + OVERCOMMIT pages (TCONF when the memory is
 * not there) and setup() shrinks the pool to POOL: the surplus pages are
 * then known to be allocatable, so a failure to get them is the kernel's.
 */
#define HP_TEST_FIELDS \
	.needs_root = 1, \
	.hugepages = { HP_POOL + HP_OVERCOMMIT, TST_NEEDS }, \
	.save_restore = (const struct tst_path_val[]) { \
		{ "/proc/sys/vm/nr_overcommit_hugepages", \
		  HP_STR(HP_OVERCOMMIT), TST_SR_TCONF_MISSING }, \
		{ NULL, NULL, 0 } \
	}

static long hp_size;
static char hp_sysfs[PATH_MAX];

struct hp_counter {
	const char *meminfo;
	const char *sysfs;
};

static const struct hp_counter hp_counters[] = {
	{ "HugePages_Total:", "nr_hugepages" },
	{ "HugePages_Free:", "free_hugepages" },
	{ "HugePages_Rsvd:", "resv_hugepages" },
	{ "HugePages_Surp:", "surplus_hugepages" },
};

static inline long hp_read_sysfs(const char *name)
{
	char path[PATH_MAX + 32];
	long val;

	snprintf(path, sizeof(path), "%s/%s", hp_sysfs, name);
	if (!tst_file_read_long(path, &val))
		tst_brk(TBROK, "%s does not exist", path);
	return val;
}

/* Report one result: do all counters, in both places, have these values? */
static inline int hp_expect(const char *when, long total, long free, long rsvd,
		     long surp)
{
	long exp[] = { total, free, rsvd, surp };
	unsigned int i, bad = 0;

	for (i = 0; i < 4; i++) {
		long mi = tst_read_meminfo(hp_counters[i].meminfo);
		long sy = hp_read_sysfs(hp_counters[i].sysfs);

		if (mi != exp[i]) {
			tst_res(TINFO, "%s: %s %ld, expected %ld", when,
				hp_counters[i].meminfo, mi, exp[i]);
			bad++;
		}
		if (sy != exp[i]) {
			tst_res(TINFO, "%s: %s/%s %ld, expected %ld", when,
				hp_sysfs, hp_counters[i].sysfs, sy, exp[i]);
			bad++;
		}
	}
	if (bad) {
		tst_res(TFAIL, "%s: %u huge page counter(s) wrong (expected "
			"Total %ld Free %ld Rsvd %ld Surp %ld)", when, bad,
			total, free, rsvd, surp);
		return 0;
	}
	tst_res(TPASS, "%s: Total %ld Free %ld Rsvd %ld Surp %ld in "
		"/proc/meminfo and sysfs", when, total, free, rsvd, surp);
	return 1;
}

static inline void hp_expect_baseline(const char *when)
{
	hp_expect(when, HP_POOL, HP_POOL, 0, 0);
}

static inline void hp_setup(void)
{
	long kb = tst_read_meminfo("Hugepagesize:");
	long total, free, rsvd, surp;

	hp_size = kb * 1024;
	if (hp_size > HP_MAX_SIZE)
		tst_brk(TCONF, "default huge page size %ld kB: no surplus "
			"pages of that size", kb);
	snprintf(hp_sysfs, sizeof(hp_sysfs),
		 "/sys/kernel/mm/hugepages/hugepages-%ldkB", kb);
	if (access(hp_sysfs, F_OK))
		tst_brk(TCONF, "%s missing (no hugetlb sysfs)", hp_sysfs);

	SAFE_FILE_PRINTF("/proc/sys/vm/nr_hugepages", "%d", HP_POOL);
	total = tst_read_meminfo("HugePages_Total:");
	free = tst_read_meminfo("HugePages_Free:");
	rsvd = tst_read_meminfo("HugePages_Rsvd:");
	surp = tst_read_meminfo("HugePages_Surp:");
	if (total != HP_POOL || free != HP_POOL || rsvd || surp)
		tst_brk(TCONF, "huge pages of %ld kB are in use elsewhere "
			"(Total %ld Free %ld Rsvd %ld Surp %ld with "
			"nr_hugepages %d): the counters cannot be checked",
			kb, total, free, rsvd, surp, HP_POOL);
	tst_res(TINFO, "huge page size %ld kB, pool %d, overcommit %d", kb,
		HP_POOL, HP_OVERCOMMIT);
}

/* What page pg holds at byte off once written. */
static inline uint64_t hp_word(long pg, size_t off)
{
	return (uint64_t)pg << 40 ^ off ^ 0x5a5a5a5aUL;
}

/*
 * Touch the npages pages at addr one by one, checking the counters after
 * each first touch, then read every page back.
 */
static inline void hp_touch_and_verify(char *addr, long npages)
{
	long total = npages, surp = npages - HP_POOL, pg;
	size_t words = hp_size / sizeof(uint64_t), i;
	char when[64];

	for (pg = 0; pg < npages; pg++) {
		uint64_t *w = (uint64_t *)(addr + pg * hp_size);

		for (i = 0; i < words; i++)
			w[i] = hp_word(pg, i * sizeof(uint64_t));
		snprintf(when, sizeof(when), "after writing page %ld of %ld",
			 pg + 1, npages);
		hp_expect(when, total, npages - pg - 1, npages - pg - 1, surp);
	}
	for (pg = 0; pg < npages; pg++) {
		uint64_t *w = (uint64_t *)(addr + pg * hp_size);

		for (i = 0; i < words; i++) {
			if (w[i] != hp_word(pg, i * sizeof(uint64_t)))
				break;
		}
		if (i < words) {
			tst_res(TFAIL, "huge page %ld, offset %zu: read "
				"0x%016llx, wrote 0x%016llx", pg,
				i * sizeof(uint64_t), (unsigned long long)w[i],
				(unsigned long long)hp_word(pg, i * 8));
			return;
		}
	}
	tst_res(TPASS, "%ld huge pages (%ld of them surplus) read back as "
		"written", npages, surp);
}

#endif /* HUGETLB_OVERCOMMIT_H */
