// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory.reclaim with the "swappiness=" argument (6.12,
 * mm/memcontrol.c: memory_reclaim(); mm/vmscan.c: sc_swappiness()), with
 * a swap file of the test's own (64 MiB, highest priority, turned off in
 * the cleanup):
 *  - parsing: swappiness 201 and -1, a swappiness that is not a number,
 *    an unknown key and a line without the size are EINVAL;
 *  - a cgroup holding 16 MiB of anonymous memory and nothing else worth
 *    reclaiming: "8M swappiness=0" (cgroup reclaim of file pages only)
 *    fails with EAGAIN and swaps nothing (memory.swap.current 0, usage
 *    within a few pages of what it was);
 *  - "8M swappiness=200" (anonymous pages only) succeeds: memory.current
 *    falls by at least 8 MiB less the per-CPU charge stock, and
 *    memory.swap.current grows by at least 4 MiB;
 *  - the memory swapped that way comes back intact when touched.
 */

#include "tst_test.h"
#include "memcg_swap.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define SIZE (16 * MB)
#define SWAP_MB 64

static long long tol;

static void run(void)
{
	long long cur0, cur1, sw;
	int go[2], ready[2];
	char c;
	pid_t pid;

	cg_mkdir("r");
	CG_WRITE("r", "memory.swap.max", "%d", SWAP_MB * MB);

	TST_EXP_FAIL(cg_try_write("r", "memory.reclaim", "1M swappiness=201"),
		     EINVAL, "swappiness=201");
	TST_EXP_FAIL(cg_try_write("r", "memory.reclaim", "1M swappiness=-1"),
		     EINVAL, "swappiness=-1");
	TST_EXP_FAIL(cg_try_write("r", "memory.reclaim", "1M swappiness=x"),
		     EINVAL, "swappiness=x");
	TST_EXP_FAIL(cg_try_write("r", "memory.reclaim", "1M ltp=1"),
		     EINVAL, "unknown key ltp=1");
	TST_EXP_FAIL(cg_try_write("r", "memory.reclaim", "swappiness=60"),
		     EINVAL, "no size");

	SAFE_PIPE(go);
	SAFE_PIPE(ready);
	pid = SAFE_FORK();
	if (!pid) {
		char *mem;
		long bad;

		SAFE_CLOSE(go[1]);
		SAFE_CLOSE(ready[0]);
		cg_enter("r");
		mem = SAFE_MMAP(NULL, SIZE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		fill_pattern(mem, SIZE, 11);
		SAFE_WRITE(1, ready[1], "r", 1);
		SAFE_READ(1, go[0], &c, 1);
		bad = check_pattern(mem, SIZE, 11);
		TST_EXP_EXPR(bad < 0, "16 MiB intact after swap-in (first bad "
			     "byte %ld)", bad);
		exit(0);
	}
	SAFE_CLOSE(go[0]);
	SAFE_CLOSE(ready[1]);
	SAFE_READ(1, ready[0], &c, 1);
	SAFE_CLOSE(ready[0]);

	cur0 = cg_read_num("r", "memory.current");
	TST_EXP_FAIL(cg_try_write("r", "memory.reclaim", "8M swappiness=0"),
		     EAGAIN, "8M swappiness=0 of a cgroup of anon memory");
	cur1 = cg_read_num("r", "memory.current");
	TST_EXP_EQ_LI(cg_read_num("r", "memory.swap.current"), 0);
	TST_EXP_EXPR(cur0 - cur1 < 2 * MB, "memory.current %lld -> %lld: "
		     "the 16 MiB of anon stayed", cur0, cur1);

	TST_EXP_PASS(cg_try_write("r", "memory.reclaim", "8M swappiness=200"),
		     "8M swappiness=200");
	cur0 = cur1;
	cur1 = cg_read_num("r", "memory.current");
	sw = cg_read_num("r", "memory.swap.current");
	TST_EXP_EXPR(cur0 - cur1 >= 8 * MB - tol, "memory.current %lld -> "
		     "%lld: fell by >= 8 MiB - %lld", cur0, cur1, tol);
	TST_EXP_EXPR(sw >= 4 * MB, "memory.swap.current %lld >= 4 MiB", sw);

	SAFE_WRITE(1, go[1], "g", 1);
	SAFE_CLOSE(go[1]);
	reap_child(pid);
	cg_rmdir("r");
}

static void setup(void)
{
	tol = (2 * sysconf(_SC_NPROCESSORS_ONLN) + 1) * 64 * getpagesize();
	memcg_swap_setup(SWAP_MB);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = memcg_swap_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.min_kver = "6.12",
	.min_mem_avail_mb = 128,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", "CONFIG_SWAP", NULL
	},
};
