// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(MAP_DROPPABLE) (Linux 6.11, mm/mmap.c): anonymous memory the
 * kernel may drop, never swap.
 *
 * - MAP_DROPPABLE is a mapping type of its own: with MAP_PRIVATE or
 *   MAP_SHARED beside it, with a file, with MAP_LOCKED, MAP_HUGETLB or
 *   MAP_GROWSDOWN, mmap() fails with EINVAL.
 * - The mapping is wipe-on-fork and not dumped: smaps VmFlags has "dp",
 *   "wf" and "dd"; MADV_KEEPONFORK and MADV_DODUMP fail with EINVAL; a
 *   child sees zeros where the parent keeps its data.
 * - Reclaim drops it: in a memory cgroup of its own, a child fills 8 MB
 *   of droppable and 2 MB of ordinary private memory, then asks its
 *   cgroup's memory.reclaim for everything it holds (repeated, bounded,
 *   until mincore() says no droppable page is resident). The droppable
 *   pages are gone and read zeros, memory.current fell by at least their
 *   size; the ordinary pages keep their data (kept, or swapped and read
 *   back: never dropped).
 */
#include <fcntl.h>
#include <stdio.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "vm_helpers.h"
#include "lapi/mman.h"

#define DROP_MB 8
#define KEEP_MB 2

static size_t pg;

static void expect_einval(int flags, int fd, const char *what)
{
	void *p = mmap(NULL, pg, PROT_READ | PROT_WRITE, flags, fd, 0);

	if (p != MAP_FAILED)
		munmap(p, pg);
	TST_EXP_EXPR(p == MAP_FAILED && errno == EINVAL,
		     "mmap(%s): EINVAL (%s)", what,
		     p == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
}

static void test_flags(void)
{
	int fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	const int drop = MAP_DROPPABLE | MAP_ANONYMOUS;

	SAFE_FTRUNCATE(fd, pg);
	expect_einval(drop | MAP_PRIVATE, -1, "MAP_DROPPABLE | MAP_PRIVATE");
	expect_einval(drop | MAP_SHARED, -1, "MAP_DROPPABLE | MAP_SHARED");
	expect_einval(MAP_DROPPABLE, fd, "MAP_DROPPABLE, a file");
	expect_einval(drop | MAP_LOCKED, -1, "MAP_DROPPABLE | MAP_LOCKED");
	expect_einval(drop | MAP_HUGETLB | MAP_NORESERVE, -1,
		      "MAP_DROPPABLE | MAP_HUGETLB | MAP_NORESERVE");
	expect_einval(drop | MAP_GROWSDOWN, -1,
		      "MAP_DROPPABLE | MAP_GROWSDOWN");
	SAFE_CLOSE(fd);
}

static void test_fork(void)
{
	char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
			    MAP_DROPPABLE | MAP_ANONYMOUS, -1, 0);
	pid_t pid;

	fill_pattern(p, 4 * pg, 11);
	TST_EXP_EXPR(smaps_flag(p, "dp") && smaps_flag(p, "wf") &&
		     smaps_flag(p, "dd"),
		     "smaps: VmFlags of the mapping have dp, wf and dd");
	TST_EXP_FAIL(madvise(p, 4 * pg, MADV_KEEPONFORK), EINVAL,
		     "madvise(MADV_KEEPONFORK)");
	TST_EXP_FAIL(madvise(p, 4 * pg, MADV_DODUMP), EINVAL,
		     "madvise(MADV_DODUMP)");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EXPR(first_nonzero(p, 4 * pg) == -1,
			     "the child reads zeros (wipe on fork)");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(check_pattern(p, 4 * pg, 11) == -1,
		     "the parent keeps its data");
	SAFE_MUNMAP(p, 4 * pg);
}

static void child_reclaim(void)
{
	size_t dlen = DROP_MB << 20, klen = KEEP_MB << 20;
	char *drop, *keep;
	long long before, after;
	int i, tries = 0;

	cg_enter("child");
	drop = SAFE_MMAP(NULL, dlen, PROT_READ | PROT_WRITE,
			 MAP_DROPPABLE | MAP_ANONYMOUS, -1, 0);
	keep = SAFE_MMAP(NULL, klen, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(drop, 0x5a, dlen);
	fill_pattern(keep, klen, 13);
	TST_EXP_EXPR(resident_pages(drop, dlen) == dlen / pg,
		     "all %zu droppable pages resident", dlen / pg);
	before = cg_read_num("child", "memory.current");

	for (i = 0; i < 20 && resident_pages(drop, dlen); i++, tries++)
		cg_try_write("child", "memory.reclaim", "%lld", before);
	after = cg_read_num("child", "memory.current");

	TST_EXP_EXPR(resident_pages(drop, dlen) == 0,
		     "memory.reclaim dropped every droppable page (%d "
		     "writes)", tries);
	TST_EXP_EXPR(before - after >= (long long)dlen,
		     "memory.current fell by %lld bytes (>= %zu)",
		     before - after, dlen);
	TST_EXP_EXPR(first_nonzero(drop, dlen) == -1,
		     "the dropped pages read zeros");
	TST_EXP_EXPR(check_pattern(keep, klen, 13) == -1,
		     "the ordinary anonymous pages keep their data");
	exit(0);
}

static void test_reclaim(void)
{
	pid_t pid;

	cg_mkdir("child");
	pid = SAFE_FORK();
	if (!pid)
		child_reclaim();
	reap_child(pid);
	cg_rmdir("child");
}

static void run(void)
{
	test_flags();
	test_fork();
	test_reclaim();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	void *p;

	pg = vm_page_size();
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		 MAP_DROPPABLE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED && errno == EINVAL)
		tst_brk(TCONF, "mmap(MAP_DROPPABLE) fails with EINVAL: not "
			"in this kernel (Linux 6.11)");
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_DROPPABLE)");
	SAFE_MUNMAP(p, pg);
	cg_setup(ctrls, 1);
}

static void cleanup(void)
{
	cg_cleanup();
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
