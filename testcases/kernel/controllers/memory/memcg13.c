// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 charge ownership: a page stays charged to the cgroup that
 * first charged it, whoever uses it later, and is uncharged from that
 * cgroup when freed (v2 has no memory.move_charge_at_immigrate; the
 * memory.stat counters follow the page's memcg, mm/memcontrol.c):
 *  - 16 MiB of anonymous memory touched in a, the process then moved to
 *    b: a keeps its 16 MiB of "anon", b gets none; 8 MiB touched after
 *    the move go to b; unmapping the first 16 MiB from b takes them off a
 *    (b unchanged), unmapping the 8 MiB takes them off b;
 *  - a memfd (shmem) grown by 8 MiB in a and by 8 MiB more after the move
 *    to b: "shmem" 8 MiB in each; truncating it to 0 from b gives both
 *    back;
 *  - 16 MiB of page cache written from a, read with read() and then
 *    through a shared mapping by a process of b: b's "file" and
 *    "file_mapped" stay 0, a's "file_mapped" grows by 16 MiB (the mapped
 *    pages are a's) and falls back after munmap();
 *  - a removed with that page cache in it: the parent's hierarchical
 *    "file" keeps the 16 MiB, deleting the file takes it off;
 *  - r/c removed while a memfd it wrote 16 MiB into is open: r's
 *    "shmem" keeps the 16 MiB; closing the memfd frees it and the
 *    removed cgroup with it (r's nr_dying_descendants back to 0: no
 *    memcg leaked once its last page is gone).
 * memory.stat is flushed in full every 2 s (flush_memcg_stats_dwork()):
 * each value is polled until it is within 1 MiB of the expected one
 * (the process's own stack, heap and page tables), bounded by 10 s times
 * LTP_TIMEOUT_MUL.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024LL * 1024)
#define TOL MB

/* memory.stat key of rel within TOL of base + delta */
static void expect(const char *rel, const char *key, long long base,
		   long long delta, const char *what)
{
	long long want = base + delta;
	long long val = cg_wait_key(rel, "memory.stat", key, want - TOL,
				    want + TOL);

	TST_EXP_EXPR(val >= want - TOL && val <= want + TOL,
		     "%s: %s/%s %+lld KiB, %+lld KiB expected (+-1 MiB)",
		     what, *rel ? rel : ".", key, (val - base) / 1024,
		     delta / 1024);
}

static char *touch(long long size)
{
	char *p = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(p, 0x3c, size);
	return p;
}

static char chunk[MB];

static void grow_memfd(int fd, long long mb)
{
	long long i;

	for (i = 0; i < mb; i++)
		SAFE_WRITE(1, fd, chunk, sizeof(chunk));
}

static void mover_child(void)
{
	long long a_anon, b_anon, a_shmem, b_shmem;
	char *first, *second;
	int fd;

	/* the buffer's pages are charged here, before the move to a */
	memset(chunk, 0x4d, sizeof(chunk));
	cg_enter("a");
	a_anon = cg_read_key("a", "memory.stat", "anon");
	b_anon = cg_read_key("b", "memory.stat", "anon");
	a_shmem = cg_read_key("a", "memory.stat", "shmem");
	b_shmem = cg_read_key("b", "memory.stat", "shmem");

	first = touch(16 * MB);
	fd = memfd_create("memcg13", 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	grow_memfd(fd, 8);
	expect("a", "anon", a_anon, 16 * MB, "16 MiB touched in a");
	expect("a", "shmem", a_shmem, 8 * MB, "8 MiB memfd grown in a");

	cg_enter("b");
	expect("a", "anon", a_anon, 16 * MB, "the process moved to b");
	expect("b", "anon", b_anon, 0, "the process moved to b");
	second = touch(8 * MB);
	grow_memfd(fd, 8);
	expect("b", "anon", b_anon, 8 * MB, "8 MiB touched in b");
	expect("a", "anon", a_anon, 16 * MB, "8 MiB touched in b");
	expect("b", "shmem", b_shmem, 8 * MB, "memfd grown in b");
	expect("a", "shmem", a_shmem, 8 * MB, "memfd grown in b");

	SAFE_MUNMAP(first, 16 * MB);
	expect("a", "anon", a_anon, 0, "a's 16 MiB unmapped from b");
	expect("b", "anon", b_anon, 8 * MB, "a's 16 MiB unmapped from b");
	SAFE_MUNMAP(second, 8 * MB);
	expect("b", "anon", b_anon, 0, "b's 8 MiB unmapped");
	SAFE_FTRUNCATE(fd, 0);
	expect("a", "shmem", a_shmem, 0, "memfd truncated to 0 in b");
	expect("b", "shmem", b_shmem, 0, "memfd truncated to 0 in b");
	SAFE_CLOSE(fd);
	exit(0);
}

static void reader_child(void)
{
	long long b_file, b_mapped, a_mapped, i;
	char *map;
	int fd;

	cg_enter("b");
	b_file = cg_read_key("b", "memory.stat", "file");
	b_mapped = cg_read_key("b", "memory.stat", "file_mapped");
	a_mapped = cg_read_key("a", "memory.stat", "file_mapped");
	fd = SAFE_OPEN("cache", O_RDONLY);
	for (i = 0; i < 16; i++) {
		SAFE_READ(1, fd, chunk, sizeof(chunk));
		if (chunk[0] != 0x21 || chunk[MB - 1] != 0x21)
			tst_brk(TFAIL, "MiB %lld of the file reads wrong", i);
	}
	expect("b", "file", b_file, 0, "a's 16 MiB read() from b");
	map = SAFE_MMAP(NULL, 16 * MB, PROT_READ, MAP_SHARED, fd, 0);
	for (i = 0; i < 16 * MB; i += getpagesize())
		if (map[i] != 0x21)
			tst_brk(TFAIL, "byte %lld of the mapping reads %#x", i,
				map[i]);
	expect("a", "file_mapped", a_mapped, 16 * MB,
	       "a's 16 MiB mapped and read from b");
	expect("b", "file_mapped", b_mapped, 0,
	       "a's 16 MiB mapped and read from b");
	expect("b", "file", b_file, 0, "a's 16 MiB mapped and read from b");
	SAFE_MUNMAP(map, 16 * MB);
	expect("a", "file_mapped", a_mapped, 0, "munmap() in b");
	SAFE_CLOSE(fd);
	exit(0);
}

/*
 * The test's cgroup holds no process and b no page cache: its
 * hierarchical "file" is a's.
 */
static void removed_owner(void)
{
	cg_rmdir("a");
	cg_rmdir("b");
	expect("", "file", 0, 16 * MB,
	       "a removed with 16 MiB of page cache");
	SAFE_UNLINK("cache");
	expect("", "file", 0, 0, "the file deleted");
}

/*
 * r/c holds nothing but 16 MiB of a memfd the test keeps open: the
 * writer's other pages (stack, heap) are freed at its exit, its kernel
 * objects go to r when c is removed. A file on the tmpdir's filesystem
 * would not do: its metadata blocks, read in by the writer, stay charged
 * to c in the block device's page cache, dirty for a while.
 */
static void removed_shmem_owner(void)
{
	long long dying;
	pid_t pid;
	int fd;

	cg_mkdir("r");
	CG_WRITE("r", "cgroup.subtree_control", "+memory");
	cg_mkdir("r/c");
	cg_no_swap("r/c");
	fd = memfd_create("memcg13", MFD_ALLOW_SEALING);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	pid = SAFE_FORK();
	if (!pid) {
		memset(chunk, 0x4d, sizeof(chunk));
		cg_enter("r/c");
		grow_memfd(fd, 16);
		exit(0);
	}
	reap_child(pid);
	expect("r/c", "shmem", 0, 16 * MB, "16 MiB memfd written from r/c");
	cg_rmdir("r/c");
	expect("r", "shmem", 0, 16 * MB, "r/c removed, the memfd open");
	tst_res(TINFO, "r's nr_dying_descendants %lld with the memfd open",
		cg_read_key("r", "cgroup.stat", "nr_dying_descendants"));
	/*
	 * The writer's last pages may still sit in the per-CPU LRU batch of
	 * the CPU it ran on, each holding a reference and so the charge of
	 * the removed cgroup, until something drains that CPU (1 run in 2
	 * saw nr_dying_descendants stay 1 for 40 s on an idle guest).
	 * Sealing against writes drains every CPU's batch
	 * (memfd_wait_for_pins(): lru_add_drain_all()) before the close
	 * frees the pages.
	 */
	if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE))
		tst_brk(TBROK | TERRNO, "fcntl(F_ADD_SEALS, F_SEAL_WRITE)");
	SAFE_CLOSE(fd);
	expect("r", "shmem", 0, 0, "the memfd closed");
	dying = cg_wait_key("r", "cgroup.stat", "nr_dying_descendants",
			    0, 0);
	TST_EXP_EXPR(dying == 0, "r's nr_dying_descendants %lld once the "
		     "removed cgroup's pages are gone, 0 expected", dying);
	cg_rmdir("r");
}

static void run(void)
{
	pid_t pid;

	cg_mkdir("a");
	cg_mkdir("b");
	cg_no_swap("a");
	cg_no_swap("b");
	pid = SAFE_FORK();
	if (!pid)
		mover_child();
	reap_child(pid);

	cg_page_cache("a", "cache", 16, 0x21);
	expect("a", "file", 0, 16 * MB, "16 MiB written from a");
	pid = SAFE_FORK();
	if (!pid)
		reader_child();
	reap_child(pid);

	removed_owner();
	removed_shmem_owner();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	/*
	 * No THP for the test and its children (inherited over fork()):
	 * khugepaged collapsing pages touched in a, once the mover is in b,
	 * charges the new huge page to b (+2 MiB of anon was seen in b).
	 * The charges asserted here are those of 4 KiB faults.
	 */
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_THP_DISABLE)");
	cg_setup(ctrls, 1);
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
