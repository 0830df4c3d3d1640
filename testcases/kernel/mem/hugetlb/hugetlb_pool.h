/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared part of the hugetlb_* tests: the default huge page size, a
 * hugetlbfs mount in the test's tmpdir (inside a private mount namespace,
 * so it goes away with the test process however it ends), and the pool
 * counters of /proc/meminfo checked against what each step must leave.
 *
 * The tests reserve their pool through .hugepages (TST_NEEDS) and pin
 * nr_overcommit_hugepages to 0 (HTL_NO_OVERCOMMIT), so a page that is not
 * in the pool cannot come from the buddy allocator: "no free page" is then
 * a fact the tests can assert on (SIGBUS, ENOMEM).
 *
 * htl_expect(when, used, rsvd): HugePages_Free must be the start value
 * less used, HugePages_Rsvd must be rsvd. The start value is read in
 * htl_setup(), where nothing may be reserved yet.
 */
#ifndef HUGETLB_POOL_H
#define HUGETLB_POOL_H

#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "mount_ns.h"

#define HTL_MNT		"hugetlbfs"

#define HTL_NO_OVERCOMMIT \
	{ "/proc/sys/vm/nr_overcommit_hugepages", "0", TST_SR_TCONF_MISSING }

/*
 * The struct tst_test fields of a test on a pool of `pool` default-size
 * huge pages without overcommit (saved and restored): root, the pool or
 * TCONF, hugetlbfs configured, and a kernel warning or oops failing it.
 */
#define HTL_TEST_FIELDS(pool) \
	.needs_root = 1, \
	.hugepages = {(pool), TST_NEEDS}, \
	.save_restore = (const struct tst_path_val[]) { \
		HTL_NO_OVERCOMMIT, \
		{} \
	}, \
	.taint_check = TST_TAINT_W | TST_TAINT_D, \
	.needs_kconfigs = (const char *const []) { \
		"CONFIG_HUGETLBFS", NULL \
	}

static long hp;		/* bytes of one default-size huge page */
static long pg;		/* bytes of one base page */
static long htl_free0;

/*
 * 1 when zapping a private anonymous huge page (MADV_DONTNEED, or a
 * truncation of the file under a private copy) gives the mapping its
 * reservation back, 0 when not: 6.12's __unmap_hugepage_range() restores
 * it at the last unmap so the page cannot be stolen before the next fault,
 * 6.1 does not. Probed on one page of the pool, which is left as found.
 */
static inline int htl_zap_restores_reserve(void)
{
	long r0 = tst_read_meminfo("HugePages_Rsvd:"), r1;
	char *p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);

	p[0] = 1;
	if (madvise(p, hp, MADV_DONTNEED))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTNEED) of a huge page");
	r1 = tst_read_meminfo("HugePages_Rsvd:");
	SAFE_MUNMAP(p, hp);
	tst_res(TINFO, "zapping a private huge page %s its reservation",
		r1 > r0 ? "restores" : "does not restore");
	return r1 > r0;
}

static inline int htl_expect_(const char *file, int line, const char *when,
		       long used, long rsvd)
{
	long f = tst_read_meminfo("HugePages_Free:");
	long r = tst_read_meminfo("HugePages_Rsvd:");

	if (f == htl_free0 - used && r == rsvd) {
		tst_res_(file, line, TPASS, "%s: HugePages_Free %ld, Rsvd %ld",
			 when, f, r);
		return 1;
	}
	tst_res_(file, line, TFAIL, "%s: HugePages_Free %ld, Rsvd %ld "
		 "(expected %ld, %ld)", when, f, r, htl_free0 - used, rsvd);
	return 0;
}

#define htl_expect(when, used, rsvd) \
	htl_expect_(__FILE__, __LINE__, (when), (used), (rsvd))

/*
 * Huge page size and the pool's start values, which must be the pool the
 * test reserved (.hugepages): pool pages, all free; mount hugetlbfs if
 * asked.
 */
static inline void htl_setup(long pool, int mount_fs)
{
	long total, rsvd, surp;

	hp = tst_read_meminfo("Hugepagesize:") * 1024;
	pg = getpagesize();
	if (hp <= 0)
		tst_brk(TCONF, "no default huge page size in /proc/meminfo");
	total = tst_read_meminfo("HugePages_Total:");
	htl_free0 = tst_read_meminfo("HugePages_Free:");
	rsvd = tst_read_meminfo("HugePages_Rsvd:");
	surp = tst_read_meminfo("HugePages_Surp:");
	if (htl_free0 != total || rsvd || surp)
		tst_brk(TBROK, "huge pages in use elsewhere: Total %ld Free %ld "
			"Rsvd %ld Surp %ld", total, htl_free0, rsvd, surp);
	tst_res(TINFO, "huge page size %ld kB, pool of %ld", hp / 1024,
		htl_free0);
	if (htl_free0 != pool)
		tst_brk(TBROK, "pool of %ld pages, expected %ld", htl_free0,
			pool);
	if (!mount_fs)
		return;
	mnt_private_ns();
	SAFE_MKDIR(HTL_MNT, 0700);
	SAFE_MOUNT("none", HTL_MNT, "hugetlbfs", 0, NULL);
}

/*
 * A new file on the test's hugetlbfs, already unlinked: its pages go back
 * to the pool when the last descriptor and mapping of it are gone.
 */
static inline int htl_file(void)
{
	static int n;
	char path[64];
	int fd;

	snprintf(path, sizeof(path), HTL_MNT "/f%d", n++);
	fd = SAFE_OPEN(path, O_CREAT | O_EXCL | O_RDWR, 0600);
	SAFE_UNLINK(path);
	return fd;
}

/*
 * A huge-page-aligned address where len bytes are free (mapped and
 * unmapped again), for MAP_FIXED, MREMAP_FIXED and shmat().
 */
static inline char *htl_free_aligned(size_t len, size_t align)
{
	char *p = SAFE_MMAP(NULL, len + align, PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *a = (char *)(((unsigned long)p + align - 1) & ~(align - 1));

	SAFE_MUNMAP(p, len + align);
	return a;
}

#endif /* HUGETLB_POOL_H */
