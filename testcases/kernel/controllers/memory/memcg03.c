// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory controller with swap, on a swap file of the test's
 * own (64 MiB, highest priority, turned off again in the cleanup):
 *  - 32 MiB of patterned anonymous memory under a 16 MiB memory.max with
 *    memory.swap.max 64 MiB: the process lives, memory.swap.current and
 *    /proc/swaps show at least 8 MiB swapped, memory.current stays within
 *    memory.max, and every page is intact after swap-in by fault;
 *  - swapoff with the pages still out (memory.max lifted first) brings
 *    them back intact, and memory.swap.current drops to 0;
 *  - memory.reclaim pushes resident pages to swap (memory.current drops
 *    by what was asked) and, with memory.swap.max 0 and only anonymous
 *    memory, fails with EAGAIN;
 *  - under memory.max 16 MiB and memory.swap.max 8 MiB, 32 MiB do not
 *    fit: the process is killed by SIGKILL, memory.swap.events counts
 *    "max" and memory.events one oom_kill; with MGLRU, whose reclaim
 *    leaves the last 64 pages of swap.max unused instead of failing a
 *    charge, memory.swap.peak is within those 64 pages of the limit.
 */
#include <sys/mman.h>
#include <sys/swap.h>
#include "tst_test.h"
#include "memcg_swap.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define SIZE (32 * MB)
#define SWAP_MB 64


/* Multi-gen LRU reclaim on (Linux 6.1 has it, Debian enables it in 6.12). */
static int mglru_on(void)
{
	unsigned long mask = 0;
	FILE *f = fopen("/sys/kernel/mm/lru_gen/enabled", "r");

	if (!f)
		return 0;
	if (fscanf(f, "%lx", &mask) != 1)
		mask = 0;
	fclose(f);
	return mask & 1;
}

/*
 * The cgroup rel's swap use reached its swap.max of max bytes. Classic
 * reclaim tries to swap beyond it, a charge fails and memory.swap.events
 * counts "max". MGLRU stops scanning anonymous pages when fewer than
 * MIN_LRU_BATCH (64) pages of swap are left, so no charge fails and "max"
 * may stay 0: there memory.swap.peak must be within 64 pages of max.
 */
static void swap_limit_reached(const char *rel, long long max)
{
	char path[PATH_MAX];
	long long peak;

	if (!mglru_on()) {
		TST_EXP_EXPR(cg_read_key(rel, "memory.swap.events", "max") > 0,
			     "memory.swap.events max %lld",
			     cg_read_key(rel, "memory.swap.events", "max"));
		return;
	}
	tst_res(TINFO, "MGLRU on: memory.swap.events max %lld",
		cg_read_key(rel, "memory.swap.events", "max"));
	cg_path(path, sizeof(path), rel, "memory.swap.peak");
	if (access(path, F_OK)) {
		tst_res(TCONF, "MGLRU on and no memory.swap.peak (Linux 6.5): "
			"swap use at the limit unchecked");
		return;
	}
	peak = cg_read_num(rel, "memory.swap.peak");
	TST_EXP_EXPR(peak >= max - 64 * getpagesize() && peak <= max,
		     "memory.swap.peak %lld within 64 pages under swap.max "
		     "%lld", peak, max);
}

/* Fill, report, check on each wake-up until told to stop. */
static void user(const char *rel, int rounds)
{
	char *mem;
	long bad;
	int i;

	cg_enter(rel);
	mem = SAFE_MMAP(NULL, SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fill_pattern(mem, SIZE, 5);
	for (i = 0; i < rounds; i++) {
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(1);
		bad = check_pattern(mem, SIZE, 5);
		TST_EXP_EXPR(bad < 0, "round %d: 32 MiB intact after swap-in "
			     "(first bad byte %ld)", i, bad);
	}
	exit(0);
}

static void swapped(void)
{
	long long sw, cur;
	pid_t pid;
	int err;

	cg_mkdir("s");
	CG_WRITE("s", "memory.max", "%d", 16 * MB);
	CG_WRITE("s", "memory.swap.max", "%d", SWAP_MB * MB);
	pid = SAFE_FORK();
	if (!pid)
		user("s", 3);

	TST_CHECKPOINT_WAIT(0);
	sw = cg_read_num("s", "memory.swap.current");
	cur = cg_read_num("s", "memory.current");
	TST_EXP_EXPR(sw >= 8 * MB, "memory.swap.current %lld >= 8 MiB", sw);
	TST_EXP_EXPR(cur <= 16 * MB, "memory.current %lld <= memory.max", cur);
	TST_EXP_EXPR(swaps_used_kb(swapfile) >= 8 * 1024, "/proc/swaps: %ld KiB used "
		     "of the test's swap file", swaps_used_kb(swapfile));
	TST_CHECKPOINT_WAKE(1);

	/* Second round: reclaim on request, then swapoff under use. */
	TST_CHECKPOINT_WAIT(0);
	CG_WRITE("s", "memory.max", "max");
	cur = cg_read_num("s", "memory.current");
	if (cg_try_write("s", "memory.reclaim", "%d", 4 * MB)) {
		if (errno != ENOENT)
			tst_res(TFAIL | TERRNO, "memory.reclaim 4 MiB");
		else
			tst_res(TCONF, "no memory.reclaim (before 5.19)");
	} else {
		TST_EXP_EXPR(cg_read_num("s", "memory.current") <=
			     cur - 4 * MB + MB,
			     "memory.reclaim 4 MiB: memory.current %lld -> "
			     "%lld", cur, cg_read_num("s", "memory.current"));
	}
	TST_EXP_PASS(swapoff(swapfile), "swapoff with 32 MiB in use");
	swap_on = 0;
	TST_EXP_EQ_LI(cg_read_num("s", "memory.swap.current"), 0);
	TST_EXP_EXPR(cg_read_num("s", "memory.current") >= SIZE,
		     "all 32 MiB resident again (%lld)",
		     cg_read_num("s", "memory.current"));
	TST_CHECKPOINT_WAKE(1);

	/* Third round: no swap allowed, nothing to reclaim. */
	TST_CHECKPOINT_WAIT(0);
	CG_WRITE("s", "memory.swap.max", "0");
	err = cg_write_err("s", "memory.reclaim", "8M");
	if (err != ENOENT)
		TST_EXP_EXPR(err == EAGAIN, "memory.reclaim of anonymous "
			     "memory without swap: EAGAIN (%s)",
			     tst_strerrno(err));
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
	cg_rmdir("s");
}

static void limited(void)
{
	pid_t pid;

	cg_mkdir("l");
	CG_WRITE("l", "memory.max", "%d", 16 * MB);
	CG_WRITE("l", "memory.swap.max", "%d", 8 * MB);
	pid = SAFE_FORK();
	if (!pid)
		user("l", 1);
	reap_child_killed(pid, SIGKILL);
	tst_res(TPASS, "32 MiB under 16 MiB + 8 MiB swap: killed by SIGKILL");
	swap_limit_reached("l", 8 * MB);
	TST_EXP_EXPR(cg_read_key("l", "memory.events", "oom_kill") == 1,
		     "memory.events oom_kill 1");
	cg_rmdir("l");
}

static void run(void)
{
	if (!swap_on) {
		swapon_first(swapfile);
		swap_on = 1;
	}
	limited();
	swapped();
}

static void setup(void)
{
	memcg_swap_setup(SWAP_MB);
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
	.timeout = 240,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", "CONFIG_SWAP", NULL
	},
};
