// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Anonymous memory pushed to swap with MADV_PAGEOUT and brought back, on
 * a 48 MiB swap file of the test's own (highest priority; turned off in
 * the cleanup). Every page holds a pattern of its own; the task stays on
 * one CPU so that none of its pages waits in another CPU's LRU batch.
 *  - 8 MiB of private memory paged out: the mapping's Swap in smaps is
 *    at least 90% of it and at most all of it, VmSwap grows by exactly
 *    that much, the swap file's Used in /proc/swaps by that much (at most
 *    1 MiB more: per-CPU slot caches) and SwapFree in /proc/meminfo
 *    falls by what Used grew (within 64 kB);
 *  - fork() with the pages out: the parent writes the odd pages (copy on
 *    write from a swap entry the child shares), then the child reads
 *    every page, which must hold the data of before the fork, and writes
 *    the even pages; the parent then reads its odd pages as it wrote them
 *    and the even ones as before the fork; in both processes every page
 *    is back from swap (Swap 0 in smaps);
 *  - 4 MiB of shared anonymous memory (shmem) paged out (Swap in smaps at
 *    least 90%), then a child reads it all back intact and writes every
 *    fourth page: the parent sees the child's writes and the rest as it
 *    was, and its mapping's Swap is 0.
 */
#include <stdlib.h>
#include "swap_test.h"

#define PRIV_MB 8
#define SHM_MB 4

static size_t psz;

static void private_pages(void)
{
	size_t len = PRIV_MB * MB, n = len / psz;
	long used0, free0, cached0, vmswap0, s, used, freed;
	unsigned char *m = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	pid_t pid;

	fill_pages(m, 0, n, 1, 1);
	used0 = swaps_used_kb(swap_files[0]);
	free0 = tst_read_meminfo("SwapFree:");
	cached0 = tst_read_meminfo("SwapCached:");
	vmswap0 = status_kb("VmSwap");
	page_out(m, len);

	s = smaps_kb(m, "Swap");
	TST_EXP_EXPR(s >= (long)(len / 1024) * 9 / 10 &&
		     s <= (long)(len / 1024),
		     "private: %ld of %zu kB paged out", s, len / 1024);
	TST_EXP_EXPR(status_kb("VmSwap") - vmswap0 == s,
		     "VmSwap +%ld kB (the mapping's Swap %ld kB)",
		     status_kb("VmSwap") - vmswap0, s);
	used = swaps_used_kb(swap_files[0]) - used0;
	freed = free0 - tst_read_meminfo("SwapFree:");
	TST_EXP_EXPR(used >= s && used <= s + 1024,
		     "/proc/swaps Used +%ld kB (Swap %ld kB)", used, s);
	TST_EXP_EXPR(labs(freed - used) <= 64,
		     "SwapFree -%ld kB (Used +%ld kB)", freed, used);
	tst_res(TINFO, "SwapCached %+ld kB",
		tst_read_meminfo("SwapCached:") - cached0);

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(1);
		TST_EXP_EQ_LI(bad_page(m, 0, n, 1, 1), -1);
		fill_pages(m, 0, n, 2, 2);
		TST_EXP_EQ_LI(bad_page(m, 0, n, 2, 2), -1);
		TST_EXP_EQ_LI(bad_page(m, 1, n, 2, 1), -1);
		TST_EXP_EQ_LI(smaps_kb(m, "Swap"), 0);
		exit(0);
	}
	fill_pages(m, 1, n, 2, 3);
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
	TST_EXP_EQ_LI(bad_page(m, 1, n, 2, 3), -1);
	TST_EXP_EQ_LI(bad_page(m, 0, n, 2, 1), -1);
	TST_EXP_EQ_LI(smaps_kb(m, "Swap"), 0);
	SAFE_MUNMAP(m, len);
}

static void shared_pages(void)
{
	size_t len = SHM_MB * MB, n = len / psz;
	unsigned char *m = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long s;
	pid_t pid;

	fill_pages(m, 0, n, 1, 5);
	page_out(m, len);
	s = smaps_kb(m, "Swap");
	TST_EXP_EXPR(s >= (long)(len / 1024) * 9 / 10 &&
		     s <= (long)(len / 1024),
		     "shmem: %ld of %zu kB paged out", s, len / 1024);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EQ_LI(bad_page(m, 0, n, 1, 5), -1);
		fill_pages(m, 0, n, 4, 6);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EQ_LI(bad_page(m, 0, n, 4, 6), -1);
	TST_EXP_EQ_LI(bad_page(m, 1, n, 4, 5), -1);
	TST_EXP_EQ_LI(bad_page(m, 2, n, 4, 5), -1);
	TST_EXP_EQ_LI(bad_page(m, 3, n, 4, 5), -1);
	TST_EXP_EQ_LI(smaps_kb(m, "Swap"), 0);
	SAFE_MUNMAP(m, len);
}

static void run(void)
{
	private_pages();
	shared_pages();
}

static void setup(void)
{
	psz = getpagesize();
	pin_to_current_cpu();
	swap_file_on(0, 48, 32767);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = swap_files_off,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.exclusive = 1,
	.min_mem_avail_mb = 128,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_SWAP", NULL
	},
};
