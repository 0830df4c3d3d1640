// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory accounting, exact to the kernel's batching:
 *  - 32 MiB of private anonymous memory touched by a process of a cgroup
 *    raise its memory.current and its memory.stat "anon" by 32 MiB;
 *  - 16 MiB written into a memfd raise "shmem" and "file" by 16 MiB;
 *    mapping it shared and reading every page raises "file_mapped" by
 *    16 MiB, munmap() takes that back, and closing the memfd gives the
 *    16 MiB of memory.current back;
 *  - memory.max on page cache: a process reading a 64 MiB file under a
 *    16 MiB memory.max (no swap) gets all the data intact and exits 0:
 *    the cache is reclaimed, memory.events counts "max" events but no
 *    "oom" and no "oom_kill", memory.peak (where the kernel has it)
 *    stays at or below memory.max;
 *  - charges outlive the cgroup without leaking: page cache written from
 *    a child cgroup that is then removed stays counted in the parent's
 *    memory.current, and deleting the file takes it off the parent.
 * Tolerance: a charge takes MEMCG_CHARGE_BATCH (64) pages from the page
 * counter and keeps the rest in a per-CPU stock (try_charge(),
 * consume_stock()), so memory.current may be up to 64 pages per CPU off;
 * memory.stat is flushed from per-CPU counters only once more than
 * 64 pages per CPU of updates are pending (mem_cgroup_flush_stats()), so
 * it may lag by twice that. The test allows (2 * CPUs + 1) * 64 pages plus
 * 256 KiB (page tables, slab) either way: far below the sizes checked.
 */
#include <sys/mman.h>
#include <sys/vfs.h>
#include <fcntl.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define TMPFS_MAGIC_ 0x01021994
#define FILE_SIZE (64 * MB)

static long long tol;

static long long stat_of(const char *rel, const char *key)
{
	return cg_read_key(rel, "memory.stat", key);
}

static void check_delta(const char *what, long long delta, long long want)
{
	TST_EXP_EXPR(delta >= want - tol && delta <= want + tol,
		     "%s: %lld KiB, %lld KiB expected (+-%lld KiB)",
		     what, delta / 1024, want / 1024, tol / 1024);
}

static void accounting_child(void)
{
	long long cur0, anon0, file0, shmem0, mapped0, cur;
	size_t i, page = getpagesize();
	char *mem;
	int fd;

	cg_enter("a");
	cur0 = cg_read_num("a", "memory.current");
	anon0 = stat_of("a", "anon");
	mem = SAFE_MMAP(NULL, 32 * MB, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < 32 * MB; i += page)
		mem[i] = 1;
	check_delta("memory.current (32 MiB anon)",
		    cg_read_num("a", "memory.current") - cur0, 32 * MB);
	check_delta("memory.stat anon", stat_of("a", "anon") - anon0, 32 * MB);
	SAFE_MUNMAP(mem, 32 * MB);

	file0 = stat_of("a", "file");
	shmem0 = stat_of("a", "shmem");
	mapped0 = stat_of("a", "file_mapped");
	fd = memfd_create("memcg04", 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	mem = SAFE_MALLOC(MB);
	memset(mem, 0x5a, MB);
	for (i = 0; i < 16; i++)
		SAFE_WRITE(1, fd, mem, MB);
	free(mem);
	check_delta("memory.stat shmem (16 MiB memfd)",
		    stat_of("a", "shmem") - shmem0, 16 * MB);
	check_delta("memory.stat file (16 MiB memfd)",
		    stat_of("a", "file") - file0, 16 * MB);
	mem = SAFE_MMAP(NULL, 16 * MB, PROT_READ, MAP_SHARED, fd, 0);
	for (i = 0; i < 16 * MB; i += page)
		if (mem[i] != 0x5a)
			tst_brk(TFAIL, "memfd byte %zu reads %#x", i, mem[i]);
	check_delta("memory.stat file_mapped (16 MiB mapped)",
		    stat_of("a", "file_mapped") - mapped0, 16 * MB);
	SAFE_MUNMAP(mem, 16 * MB);
	check_delta("memory.stat file_mapped after munmap",
		    stat_of("a", "file_mapped") - mapped0, 0);
	cur = cg_read_num("a", "memory.current");
	SAFE_CLOSE(fd);
	check_delta("memory.current drop on closing the memfd",
		    cur - cg_read_num("a", "memory.current"), 16 * MB);
	exit(0);
}

static void reader_child(void)
{
	char *buf = SAFE_MALLOC(MB);
	long off, bad = -1;
	int fd;

	cg_enter("m");
	fd = SAFE_OPEN("data", O_RDONLY);
	for (off = 0; off < FILE_SIZE; off += MB) {
		SAFE_READ(1, fd, buf, MB);
		if (bad < 0 && check_pattern(buf, MB, off / MB) >= 0)
			bad = off;
	}
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(bad < 0, "64 MiB read under a 16 MiB memory.max intact "
		     "(first bad MiB at %ld)", bad);
	exit(0);
}

static void page_cache_under_max(void)
{
	struct statfs sfs;
	char path[PATH_MAX];
	pid_t pid;

	if (statfs(".", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if (sfs.f_type == TMPFS_MAGIC_) {
		tst_res(TCONF, "the tmpdir is on tmpfs: its pages are not "
			"reclaimable page cache without swap");
		return;
	}
	cg_mkdir("m");
	CG_WRITE("m", "memory.max", "%d", 16 * MB);
	cg_no_swap("m");
	write_pattern_file("data", FILE_SIZE);

	pid = SAFE_FORK();
	if (!pid)
		reader_child();
	reap_child(pid);
	tst_res(TPASS, "the reader exited 0 (not OOM-killed)");
	TST_EXP_EQ_LI(cg_read_key("m", "memory.events", "oom"), 0);
	TST_EXP_EQ_LI(cg_read_key("m", "memory.events", "oom_kill"), 0);
	TST_EXP_EXPR(cg_read_key("m", "memory.events", "max") > 0,
		     "memory.events max %lld > 0: the limit was hit",
		     cg_read_key("m", "memory.events", "max"));
	cg_path(path, sizeof(path), "m", "memory.peak");
	if (!access(path, F_OK))
		TST_EXP_EXPR(cg_read_num("m", "memory.peak") <= 16 * MB,
			     "memory.peak %lld <= memory.max %d",
			     cg_read_num("m", "memory.peak"), 16 * MB);
	else
		tst_res(TINFO, "no memory.peak (before 5.19)");
	SAFE_UNLINK("data");
	cg_rmdir("m");
}

static void charges_after_rmdir(void)
{
	long long cur0, cur1, deadline;

	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/r");
	cur0 = cg_read_num("p", "memory.current");
	cg_page_cache("p/r", "cache", 16, 0x33);
	cg_rmdir("p/r");
	cur1 = cg_read_num("p", "memory.current");
	check_delta("parent memory.current after the child cgroup wrote "
		    "16 MiB and was removed", cur1 - cur0, 16 * MB);
	SAFE_UNLINK("cache");
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while (cur1 - cg_read_num("p", "memory.current") < 16 * MB - tol &&
	       tst_mono_ms() < deadline)
		usleep(10000);
	check_delta("parent memory.current drop on deleting the file",
		    cur1 - cg_read_num("p", "memory.current"), 16 * MB);
	cg_rmdir("p");
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		accounting_child();
	reap_child(pid);
	page_cache_under_max();
	charges_after_rmdir();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);

	tol = (2 * ncpus + 1) * 64 * getpagesize() + 256 * 1024;
	cg_setup(ctrls, 1);
	cg_mkdir("a");
	cg_no_swap("a");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", NULL
	},
};
