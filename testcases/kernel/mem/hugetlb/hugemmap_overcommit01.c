// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge page overcommit through a shared mapping of a hugetlbfs file.
 *
 * With nr_hugepages 2 and nr_overcommit_hugepages 4 (see
 * hugetlb_overcommit.h for the rules), asserts the exact HugePages_Total,
 * Free, Rsvd and Surp values in /proc/meminfo and sysfs:
 *  0. mmap() of 2 + 4/2 pages reserves them all (2 surplus), each first
 *     touch takes one reserved page, every page holds what was written,
 *     munmap() keeps the file's pages, unlink() returns to the baseline;
 *  1. mmap() of 2 + 4 pages (the limit) succeeds; released untouched, the
 *     unused reservation and its surplus pages are given back;
 *  2. mmap() of 2 + 4 + 1 pages fails with ENOMEM, counters unchanged.
 *
 * No single upstream fix: this guards the reservation and surplus
 * accounting of mm/hugetlb.c as documented.
 */
#include <sys/mount.h>
#include "hugetlb_overcommit.h"

#define MNTPOINT "hugetlbfs"
#define FILE_PATH MNTPOINT "/file"

static int mounted, fd = -1;
static char *addr;
static size_t map_len;

static void setup(void)
{
	hp_setup();
	SAFE_MKDIR(MNTPOINT, 0700);
	SAFE_MOUNT("none", MNTPOINT, "hugetlbfs", 0, NULL);
	mounted = 1;
}

static void release(void)
{
	if (addr) {
		SAFE_MUNMAP(addr, map_len);
		addr = NULL;
	}
	if (fd >= 0) {
		SAFE_CLOSE(fd);
		SAFE_UNLINK(FILE_PATH);
	}
}

static void cleanup(void)
{
	if (addr)
		munmap(addr, map_len);
	if (fd >= 0) {
		close(fd);
		unlink(FILE_PATH);
	}
	if (mounted && umount2(MNTPOINT, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s, MNT_DETACH)", MNTPOINT);
}

/* mmap() npages; NULL (and a TFAIL) if the kernel refused. */
static char *map_pages(long npages)
{
	void *p;

	fd = SAFE_OPEN(FILE_PATH, O_CREAT | O_RDWR, 0600);
	map_len = npages * hp_size;
	p = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mmap() of %ld huge pages", npages);
		return NULL;
	}
	tst_res(TPASS, "mmap() of %ld huge pages (pool %d, overcommit %d)",
		npages, HP_POOL, HP_OVERCOMMIT);
	return p;
}

static void overcommit_half(void)
{
	long npages = HP_POOL + HP_OVERCOMMIT / 2;

	hp_expect_baseline("before mmap()");
	addr = map_pages(npages);
	if (!addr) {
		release();
		return;
	}
	hp_expect("after mmap()", npages, npages, npages, npages - HP_POOL);
	hp_touch_and_verify(addr, npages);
	SAFE_MUNMAP(addr, map_len);
	addr = NULL;
	hp_expect("after munmap(), the file keeps its pages", npages, 0, 0,
		  npages - HP_POOL);
	release();
	hp_expect_baseline("after unlink()");
}

static void overcommit_limit_untouched(void)
{
	long npages = HP_POOL + HP_OVERCOMMIT;

	addr = map_pages(npages);
	if (!addr) {
		release();
		return;
	}
	hp_expect("after mmap() at the limit", npages, npages, npages,
		  HP_OVERCOMMIT);
	SAFE_MUNMAP(addr, map_len);
	addr = NULL;
	hp_expect("after munmap(), the file keeps its reservation", npages,
		  npages, npages, HP_OVERCOMMIT);
	release();
	hp_expect_baseline("after unlink() of the untouched file");
}

static void overcommit_too_much(void)
{
	long npages = HP_POOL + HP_OVERCOMMIT + 1;
	void *p;

	fd = SAFE_OPEN(FILE_PATH, O_CREAT | O_RDWR, 0600);
	map_len = npages * hp_size;
	p = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p != MAP_FAILED) {
		tst_res(TFAIL, "mmap() of %ld huge pages (pool %d, overcommit "
			"%d) succeeded, expected ENOMEM", npages, HP_POOL,
			HP_OVERCOMMIT);
		addr = p;
	} else if (errno != ENOMEM) {
		tst_res(TFAIL | TERRNO, "mmap() of %ld huge pages failed, "
			"expected ENOMEM", npages);
	} else {
		tst_res(TPASS | TERRNO, "mmap() of %ld huge pages, beyond "
			"pool + overcommit, failed", npages);
	}
	hp_expect_baseline("after the failed mmap()");
	release();
	hp_expect_baseline("after unlink()");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		overcommit_half();
		break;
	case 1:
		overcommit_limit_untouched();
		break;
	case 2:
		overcommit_too_much();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	HP_TEST_FIELDS,
};
