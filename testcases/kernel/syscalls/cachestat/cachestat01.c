// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cachestat() (Linux 6.5) counts the page cache of a file, exactly:
 *
 * - A file of 16 pages and 100 bytes written in one write(): the range
 *   (0, len 0) (len 0: to the end of the file) has 17 pages cached, all
 *   17 dirty, none under writeback or evicted. A range counts the pages
 *   it touches: (page + 1, 2 pages) touches 3, (5 pages, 1 byte) one,
 *   (10 pages, len 0) the 7 to the end; ranges past EOF count nothing.
 * - After fsync() the 17 pages are cached and none is dirty or under
 *   writeback. After POSIX_FADV_DONTNEED none is cached, and none counts
 *   as evicted: invalidated pages leave no shadow entry (only reclaim
 *   does). With readahead off (POSIX_FADV_RANDOM), reading 3 pages back
 *   caches exactly those 3.
 * - Reclaim leaves shadow entries: MADV_PAGEOUT on a shared mapping of
 *   the clean, mapped file evicts its 17 pages, nr_evicted 17 and
 *   nr_cache 0 (nr_recently_evicted at most 17); reading the file back
 *   caches 17 pages again and nr_evicted is 0.
 * - Shared memory (a memfd, as upstream's cachestat02 with shm_open; its
 *   pages carry no dirty tag, nr_dirty is not checked): 8 pages written
 *   are 8 cached; growing the file with ftruncate() adds
 *   no cached page (a hole), punching a hole of 2 pages leaves 6,
 *   touching 2 pages of the hole through a shared mapping caches 2 more;
 *   truncating to 3 pages leaves the 2 of them not punched.
 *
 * The file part runs on every filesystem of the matrix but tmpfs (xfs
 * caches the file in large folios, which the ranges cut through). The
 * matrix runs alone: a sync() of a test beside it would write the dirty
 * pages back between write() and cachestat().
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "vm_helpers.h"
#include "lapi/mman.h"

#define TMPFS_MAGIC 0x01021994
#define NPG 17		/* 16 full pages and one of 100 bytes */

static size_t pg;
static char *buf;

static int cstat(int fd, uint64_t off, uint64_t len, struct kcachestat *cs)
{
	struct kcachestat_range r = { .off = off, .len = len };

	memset(cs, 0xff, sizeof(*cs));
	return tst_syscall(__NR_cachestat, fd, &r, cs, 0);
}

/*
 * Expect cachestat(fd, off, len) to succeed with these counts (dirty
 * ANY: not checked; recent ANY: at most nr_evicted).
 */
#define ANY -1

static void expect_(int line, int fd, uint64_t off, uint64_t len,
		    const char *what, long cache, long dirty, long wb,
		    long evicted, long recent)
{
	struct kcachestat cs;
	char dirty_s[24];
	int ok;

	snprintf(dirty_s, sizeof(dirty_s), "%ld", dirty);

	if (cstat(fd, off, len, &cs)) {
		tst_res_(__FILE__, line, TFAIL | TERRNO,
			 "%s: cachestat(off %llu, len %llu)", what,
			 (unsigned long long)off, (unsigned long long)len);
		return;
	}
	ok = cs.nr_cache == (uint64_t)cache &&
	     (dirty < 0 || cs.nr_dirty == (uint64_t)dirty) &&
	     cs.nr_writeback == (uint64_t)wb &&
	     cs.nr_evicted == (uint64_t)evicted &&
	     (recent < 0 ? cs.nr_recently_evicted <= cs.nr_evicted :
	      cs.nr_recently_evicted == (uint64_t)recent);
	tst_res_(__FILE__, line, ok ? TPASS : TFAIL,
		 "%s: cachestat(off %llu, len %llu): cache %llu dirty %llu "
		 "writeback %llu evicted %llu recently %llu; expected %ld %s "
		 "%ld %ld %s%ld", what, (unsigned long long)off,
		 (unsigned long long)len, (unsigned long long)cs.nr_cache,
		 (unsigned long long)cs.nr_dirty,
		 (unsigned long long)cs.nr_writeback,
		 (unsigned long long)cs.nr_evicted,
		 (unsigned long long)cs.nr_recently_evicted, cache,
		 dirty < 0 ? "any" : dirty_s, wb, evicted,
		 recent < 0 ? "<= " : "", recent < 0 ? evicted : recent);
}

#define expect(fd, off, len, what, c, d, w, e, r) \
	expect_(__LINE__, fd, off, len, what, c, d, w, e, r)

static void test_file(void)
{
	size_t size = (NPG - 1) * pg + 100;
	int fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	char *map;

	fill_pattern(buf, size, 3);
	SAFE_WRITE(1, fd, buf, size);

	expect(fd, 0, 0, "written", NPG, NPG, 0, 0, 0);
	expect(fd, 0, size, "written, len = size", NPG, NPG, 0, 0, 0);
	expect(fd, pg + 1, 2 * pg, "unaligned range over 3 pages", 3, 3, 0,
	       0, 0);
	expect(fd, 5 * pg, 1, "one byte", 1, 1, 0, 0, 0);
	expect(fd, 10 * pg, 0, "page 10 to the end", 7, 7, 0, 0, 0);
	expect(fd, NPG * pg, 10 * pg, "past EOF", 0, 0, 0, 0, 0);
	expect(fd, 1000 * pg, 0, "far past EOF, to the end", 0, 0, 0, 0, 0);

	SAFE_FSYNC(fd);
	expect(fd, 0, 0, "after fsync()", NPG, 0, 0, 0, 0);

	TST_EXP_PASS(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED),
		     "posix_fadvise(POSIX_FADV_DONTNEED)");
	expect(fd, 0, 0, "after POSIX_FADV_DONTNEED", 0, 0, 0, 0, 0);

	TST_EXP_PASS(posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM),
		     "posix_fadvise(POSIX_FADV_RANDOM)");
	SAFE_PREAD(1, fd, buf, 3 * pg, 4 * pg);
	expect(fd, 0, 0, "3 pages read back", 3, 0, 0, 0, 0);
	expect(fd, 4 * pg, 3 * pg, "the 3 pages read back", 3, 0, 0, 0, 0);

	/*
	 * Fault every page in through a shared mapping and page them out:
	 * pinned to one CPU, the pages just added to the LRU sit in the
	 * per-CPU batch MADV_PAGEOUT drains.
	 */
	map = SAFE_MMAP(NULL, NPG * pg, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(check_pattern(map, size, 3) == -1,
		     "the file reads back through the mapping");
	TST_EXP_PASS(madvise(map, NPG * pg, MADV_PAGEOUT),
		     "madvise(MADV_PAGEOUT) on the file mapping");
	expect(fd, 0, 0, "after MADV_PAGEOUT", 0, 0, 0, NPG, ANY);
	expect(fd, pg, pg, "one page after MADV_PAGEOUT", 0, 0, 0, 1, ANY);
	SAFE_MUNMAP(map, NPG * pg);

	TST_EXP_PASS(posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL),
		     "posix_fadvise(POSIX_FADV_NORMAL)");
	SAFE_PREAD(1, fd, buf, size, 0);
	TST_EXP_EXPR(check_pattern(buf, size, 3) == -1,
		     "the evicted file reads back");
	expect(fd, 0, 0, "read back after eviction", NPG, 0, 0, 0, 0);

	SAFE_CLOSE(fd);
	SAFE_UNLINK("file");
}

static void test_shmem(void)
{
	int fd = memfd_create("cachestat01", MFD_CLOEXEC);
	char *map;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	SAFE_WRITE(1, fd, buf, 8 * pg);
	expect(fd, 0, 0, "memfd, 8 pages written", 8, ANY, 0, 0, 0);
	SAFE_FTRUNCATE(fd, 16 * pg);
	expect(fd, 0, 0, "memfd grown to 16 pages", 8, ANY, 0, 0, 0);
	expect(fd, 8 * pg, 0, "memfd, the hole", 0, ANY, 0, 0, 0);
	TST_EXP_PASS(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			       2 * pg, 2 * pg), "fallocate(PUNCH_HOLE, 2 pages)");
	expect(fd, 0, 0, "memfd, 2 pages punched", 6, ANY, 0, 0, 0);
	expect(fd, 0, 4 * pg, "memfd, pages 0-3", 2, ANY, 0, 0, 0);

	map = SAFE_MMAP(NULL, 16 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			0);
	map[10 * pg] = 1;
	map[12 * pg + 5] = 1;
	expect(fd, 0, 0, "memfd, 2 pages of the hole touched", 8, ANY, 0, 0,
	       0);
	expect(fd, 8 * pg, 0, "memfd, the touched hole", 2, ANY, 0, 0, 0);
	SAFE_MUNMAP(map, 16 * pg);

	SAFE_FTRUNCATE(fd, 3 * pg);
	expect(fd, 0, 0, "memfd truncated to 3 pages", 2, ANY, 0, 0, 0);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	test_file();
	test_shmem();
}

static void setup(void)
{
	struct kcachestat_range r = { 0, 0 };
	struct kcachestat cs;
	struct statfs sfs;
	int fd;

	pg = vm_page_size();
	buf = SAFE_MALLOC(NPG * pg);
	fd = SAFE_OPEN("probe", O_RDWR | O_CREAT, 0600);
	if (syscall(__NR_cachestat, fd, &r, &cs, 0) && errno == ENOSYS)
		tst_brk(TCONF, "cachestat() not in this kernel (ENOSYS): "
			"Linux 6.5, CONFIG_CACHESTAT_SYSCALL");
	if (fstatfs(fd, &sfs))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	SAFE_CLOSE(fd);
	if (sfs.f_type == TMPFS_MAGIC)
		tst_brk(TCONF, "the directory is on tmpfs: its pages are never "
			"dirty in the page cache nor evicted to a shadow");
	pin_to_current_cpu();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.min_kver = "6.5",
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"tmpfs", "shmem pages are never dirty in the page cache nor "
			  "evicted to a shadow entry (the memfd part checks "
			  "shmem)"},
		{}
	},
};
