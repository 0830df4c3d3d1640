// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory.stat event and page-state counters against what one
 * process did, exactly (ext4 on the test's loop device). The process
 * waits on a pipe between steps; before each step the test moves it into
 * a cgroup of its own, so every count starts at 0 there:
 *  - "anon": 256 private anonymous pages (no THP) written once give
 *    pgfault 256 (at most 16 more: the pipe's own code paths are faulted
 *    in beforehand), pgmajfault 0 and anon exactly 256 pages;
 *  - "major": 256 pages of a 1 MiB file that is not in the page cache
 *    (fsync + POSIX_FADV_DONTNEED, checked with mincore()) read through
 *    a MADV_RANDOM mapping give pgmajfault exactly 256: one per page, as
 *    filemap_fault() counts a fault that finds no page at all and
 *    VM_RAND_READ disables fault readahead (a retried fault finds the
 *    page and is not counted again); pgfault >= 256, file_mapped exactly
 *    1 MiB;
 *  - "dirty": 256 pages written with write() to a new file give
 *    file_dirty exactly 1 MiB; fsync() gives file_dirty 0 and
 *    file_writeback 0 with the clean pages still in "file"; one byte
 *    written through a shared mapping into each page dirties them all
 *    again (page_mkwrite: file_dirty 1 MiB); ftruncate() to 0 of those
 *    dirty pages gives file_dirty 0 and file_mapped 0 (truncation cancels
 *    the dirty accounting, folio_account_cleaned()).
 * The parent cgroup's counters are hierarchical: its pgmajfault ends at
 * exactly 256 and its pgfault at the sum of its children's.
 * memory.stat is flushed from per-CPU counters in full every 2 s
 * (flush_memcg_stats_dwork()): each value is polled until it is as
 * expected, bounded by 10 s times LTP_TIMEOUT_MUL.
 * Catches: fault events not charged to the faulting task's memcg (or
 * counted twice on a retried fault), dirty/writeback page state not
 * accounted per memcg or leaked at writeback completion or truncation.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MNT "mnt"
#define NPAGES 256
#define FAULT_SLACK 16

enum step { TOUCH_ANON, READ_FILE, WRITE_DIRTY, FSYNC, MMAP_DIRTY, TRUNCATE,
	    NSTEPS };

static size_t page;
static int to_child[2], from_child[2];

static void wait_msg(int fd, enum step want)
{
	char c;

	if (read(fd, &c, 1) != 1 || c != (char)want)
		exit(1);
}

static void child_do(enum step s, char *anon, char *ro, int dfd)
{
	volatile char sink = 0;
	char *map;
	size_t i;

	switch (s) {
	case TOUCH_ANON:
		for (i = 0; i < NPAGES; i++)
			anon[i * page] = 1;
		break;
	case READ_FILE:
		for (i = 0; i < NPAGES; i++)
			sink += ro[i * page];
		break;
	case WRITE_DIRTY:
		for (i = 0; i < NPAGES; i++)
			SAFE_WRITE(1, dfd, anon, page);
		break;
	case FSYNC:
		SAFE_FSYNC(dfd);
		break;
	case MMAP_DIRTY:
		map = SAFE_MMAP(NULL, NPAGES * page, PROT_READ | PROT_WRITE,
				MAP_SHARED, dfd, 0);
		for (i = 0; i < NPAGES; i++)
			map[i * page] = 2;
		SAFE_MUNMAP(map, NPAGES * page);
		break;
	case TRUNCATE:
		SAFE_FTRUNCATE(dfd, 0);
		break;
	default:
		break;
	}
	(void)sink;
}

static void child_main(void)
{
	char *anon, *ro, c = 0;
	int fd, dfd, s;

	SAFE_CLOSE(to_child[1]);
	SAFE_CLOSE(from_child[0]);
	anon = SAFE_MMAP(NULL, NPAGES * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(anon, NPAGES * page);
	fd = SAFE_OPEN(MNT "/ro", O_RDONLY);
	ro = SAFE_MMAP(NULL, NPAGES * page, PROT_READ, MAP_SHARED, fd, 0);
	vm_no_thp(ro, NPAGES * page);
	vm_madvise(ro, NPAGES * page, MADV_RANDOM, "MADV_RANDOM");
	dfd = SAFE_OPEN(MNT "/dirty", O_RDWR | O_CREAT | O_TRUNC, 0600);
	/* fault in the pipe paths before the first count */
	SAFE_WRITE(1, from_child[1], &c, 1);
	for (s = 0; s < NSTEPS; s++) {
		wait_msg(to_child[0], s);
		child_do(s, anon, ro, dfd);
		c = s;
		SAFE_WRITE(1, from_child[1], &c, 1);
	}
	exit(0);
}

static void run_step(pid_t pid, const char *rel, enum step s)
{
	char c = s;

	if (rel)
		CG_WRITE(rel, "cgroup.procs", "%d", (int)pid);
	SAFE_WRITE(1, to_child[1], &c, 1);
	if (SAFE_READ(0, from_child[0], &c, 1) != 1 || c != (char)s)
		tst_brk(TBROK, "child ended before step %d", s);
}

static void expect_stat(const char *rel, const char *key, long long lo,
			long long hi)
{
	long long val = cg_wait_key(rel, "memory.stat", key, lo, hi);

	if (lo == hi)
		TST_EXP_EXPR(val == lo, "%s: %s %lld, %lld expected", rel, key,
			     val, lo);
	else
		TST_EXP_EXPR(val >= lo && val <= hi,
			     "%s: %s %lld, [%lld, %lld] expected", rel, key,
			     val, lo, hi);
}

/*
 * The parent's counter equals its children's sum. Read both until they
 * agree (bounded): a flush may land between the reads.
 */
static void parent_is_sum(const char *key)
{
	static const char *const kids[] = {"p/anon", "p/major", "p/dirty"};
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	long long val, sum;
	unsigned int i;

	for (;;) {
		val = cg_read_key("p", "memory.stat", key);
		for (sum = 0, i = 0; i < ARRAY_SIZE(kids); i++)
			sum += cg_read_key(kids[i], "memory.stat", key);
		if (val == sum || tst_mono_ms() > deadline)
			break;
		usleep(10000);
	}
	TST_EXP_EXPR(val == sum, "p: %s %lld, its children's sum %lld",
		     key, val, sum);
}

static void make_uncached_file(void)
{
	char *buf = SAFE_MALLOC(NPAGES * page), *map;
	int fd;

	memset(buf, 0x6b, NPAGES * page);
	fd = SAFE_OPEN(MNT "/ro", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, buf, NPAGES * page);
	SAFE_FSYNC(fd);
	free(buf);
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		tst_brk(TBROK, "posix_fadvise(DONTNEED) failed");
	map = SAFE_MMAP(NULL, NPAGES * page, PROT_READ, MAP_SHARED, fd, 0);
	if (resident_pages(map, NPAGES * page))
		tst_brk(TBROK, "%zu pages of the fsync()ed file still cached "
			"after POSIX_FADV_DONTNEED",
			resident_pages(map, NPAGES * page));
	SAFE_MUNMAP(map, NPAGES * page);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	long long bytes = NPAGES * page;
	char c;
	pid_t pid;

	make_uncached_file();
	SAFE_PIPE(to_child);
	SAFE_PIPE(from_child);
	pid = SAFE_FORK();
	if (!pid)
		child_main();
	SAFE_CLOSE(to_child[0]);
	SAFE_CLOSE(from_child[1]);
	if (SAFE_READ(0, from_child[0], &c, 1) != 1)
		tst_brk(TBROK, "child ended before its set-up was done");

	run_step(pid, "p/anon", TOUCH_ANON);
	expect_stat("p/anon", "pgfault", NPAGES, NPAGES + FAULT_SLACK);
	expect_stat("p/anon", "pgmajfault", 0, 0);
	expect_stat("p/anon", "anon", bytes, bytes);

	run_step(pid, "p/major", READ_FILE);
	expect_stat("p/major", "pgmajfault", NPAGES, NPAGES);
	expect_stat("p/major", "pgfault", NPAGES,
		    2 * NPAGES + FAULT_SLACK);
	expect_stat("p/major", "file_mapped", bytes, bytes);

	run_step(pid, "p/dirty", WRITE_DIRTY);
	expect_stat("p/dirty", "file_dirty", bytes, bytes);
	run_step(pid, NULL, FSYNC);
	expect_stat("p/dirty", "file_dirty", 0, 0);
	expect_stat("p/dirty", "file_writeback", 0, 0);
	expect_stat("p/dirty", "file", bytes, LLONG_MAX);
	run_step(pid, NULL, MMAP_DIRTY);
	expect_stat("p/dirty", "file_dirty", bytes, bytes);
	run_step(pid, NULL, TRUNCATE);
	expect_stat("p/dirty", "file_dirty", 0, 0);
	expect_stat("p/dirty", "file_mapped", 0, 0);
	expect_stat("p/dirty", "file_writeback", 0, 0);

	expect_stat("p", "pgmajfault", NPAGES, NPAGES);
	expect_stat("p/dirty", "pgfault", NPAGES, LLONG_MAX);
	parent_is_sum("pgfault");

	SAFE_CLOSE(to_child[1]);
	SAFE_CLOSE(from_child[0]);
	reap_child(pid);
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	page = vm_page_size();
	cg_setup(ctrls, 1);
	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/anon");
	cg_mkdir("p/major");
	cg_mkdir("p/dirty");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.format_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", NULL
	},
};
