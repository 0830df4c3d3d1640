// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process whose memory does not fit is pushed to swap and brought back
 * whole (upstream swapping01's behaviour, checked exactly in a memory
 * cgroup): with an own 64 MiB swap file of the highest priority, zswap
 * off, a child in a cgroup with memory.max 16 MiB writes a pattern of its
 * own into each page of 48 MiB (no THP); memory.high 12 MiB makes the
 * child reclaim (and wait) on its way back to user space, so that the
 * 4 MiB up to memory.max is room for pages still under writeback:
 * v2 reclaim does not wait for writeback, and a task charging at
 * memory.max with every reclaimable page in flight to a slow TCG disk
 * is OOM-killed (seen once in five runs on 6.12 without memory.high):
 *  - it is never OOM-killed: exit 0, memory.events oom_kill 0 and
 *    /proc/vmstat oom_kill unchanged, memory.events high > 0;
 *  - at least 48 - 16 = 32 MiB of it is in swap: the child's VmSwap,
 *    the cgroup's memory.swap.current and the swap file's Used in
 *    /proc/swaps, /proc/vmstat pswpout +8192 pages or more (4 KiB
 *    pages); memory.current stays <= memory.max;
 *  - reading it all back every page holds its pattern, and pswpin grows
 *    by >= 16 MiB of pages (of the >= 32 MiB swapped out at most what
 *    fits in memory.max can still be in the swap cache);
 *  - once the child is gone the swap file's Used falls back under the
 *    per-CPU swap slot caches (64 allocated and 64 freed slots a CPU).
 * Would catch: swap-out writing wrong data or swap-in reading the wrong
 * slot, OOM kills while swap is free, pswpin/pswpout or VmSwap
 * accounting lost, swap slots leaked at exit.
 */
#include "tst_test.h"
#include "swap_test.h"
#include "memcg_swap.h"

#define TOTAL_MB 48
#define MAX_MB 16
#define HIGH_MB 12
#define SEED 0x5eed

static long page_kb;

static void child(void)
{
	size_t len = TOTAL_MB * MB, pages = len / getpagesize();
	unsigned char *m;
	long swap_kb;

	cg_enter("s");
	m = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(m, len);
	fill_pages(m, 0, pages, 1, SEED);
	swap_kb = status_kb("VmSwap");
	TST_EXP_EXPR(swap_kb >= (TOTAL_MB - MAX_MB) * 1024,
		     "VmSwap %ld kB >= %d MiB after writing %d MiB",
		     swap_kb, TOTAL_MB - MAX_MB, TOTAL_MB);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_EQ_LI(bad_page(m, 0, pages, 1, SEED), -1);
	exit(0);
}

static void run(void)
{
	long out0 = tst_read_vmstat("pswpout");
	long in0 = tst_read_vmstat("pswpin");
	long kills0 = tst_read_vmstat("oom_kill");
	long long deadline;
	long used, slack;
	pid_t pid;

	cg_mkdir("s");
	CG_WRITE("s", "memory.max", "%d", MAX_MB * MB);
	CG_WRITE("s", "memory.high", "%d", HIGH_MB * MB);

	pid = SAFE_FORK();
	if (!pid)
		child();
	TST_CHECKPOINT_WAIT(0);

	used = swaps_used_kb(swapfile);
	TST_EXP_EXPR(used >= (TOTAL_MB - MAX_MB) * 1024,
		     "swap file Used %ld kB >= %d MiB", used,
		     TOTAL_MB - MAX_MB);
	TST_EXP_EXPR(cg_read_num("s", "memory.swap.current") >=
		     (TOTAL_MB - MAX_MB) * MB,
		     "memory.swap.current >= %d MiB", TOTAL_MB - MAX_MB);
	TST_EXP_EXPR(cg_read_num("s", "memory.current") <= MAX_MB * MB,
		     "memory.current <= memory.max");
	TST_EXP_EXPR(tst_read_vmstat("pswpout") - out0 >=
		     (TOTAL_MB - MAX_MB) * 1024 / page_kb,
		     "pswpout +%ld pages", tst_read_vmstat("pswpout") - out0);

	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_EXPR(tst_read_vmstat("pswpin") - in0 >=
		     (TOTAL_MB - 2 * MAX_MB) * 1024 / page_kb,
		     "pswpin +%ld pages", tst_read_vmstat("pswpin") - in0);
	TST_EXP_EQ_LI(cg_read_key("s", "memory.events", "oom_kill"), 0);
	TST_EXP_EQ_LI(tst_read_vmstat("oom_kill") - kills0, 0);
	TST_EXP_EXPR(cg_read_key("s", "memory.events", "high") > 0,
		     "memory.events high > 0 (the child was throttled)");

	/* Each CPU caches up to 64 allocated and 64 freed slots. */
	slack = 2 * 64 * page_kb * sysconf(_SC_NPROCESSORS_CONF);
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while ((used = swaps_used_kb(swapfile)) > slack &&
	       tst_mono_ms() < deadline)
		usleep(20000);
	TST_EXP_EXPR(used <= slack, "swap file Used %ld kB <= %ld kB after exit",
		     used, slack);
	cg_rmdir("s");
}

static void setup(void)
{
	page_kb = getpagesize() / 1024;
	memcg_swap_setup(64);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = memcg_swap_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.exclusive = 1,
	.min_mem_avail_mb = 256,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		{"/sys/module/zswap/parameters/enabled", "N",
		 TST_SR_SKIP_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_SWAP", "CONFIG_MEMCG", NULL
	},
	.taint_check = TST_TAINT_D,
};
