// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memory.swap.high, on a swap file of the test's own (64 MiB, turned
 * off again in the cleanup); mm/memcontrol.c mem_cgroup_handle_over_high()
 * and swap_find_max_overage():
 *  - it reads "max" in a new cgroup; "1M" reads back 1048576, 4097
 *    reads 4096 (whole pages), "max" reads "max"; -1 and "1Q" are
 *    EINVAL and change nothing;
 *  - a process in p/c with 16 MiB of patterned anonymous memory, at
 *    least 4 MiB of it pushed to swap with memory.reclaim, then allowed
 *    1 MiB of swap by c's memory.swap.high: its next charges are
 *    throttled, one page fault among its next 192 lasts at least 1.9 s
 *    (the 2 s cap on the penalty, HZ/100 granularity aside), and c's
 *    memory.swap.events counts "high"; the events are hierarchical and
 *    p (swap.high "max") is not over a limit of its own, so p's count
 *    grows by exactly as much as c's;
 *  - the same with the limit on p instead (c's "max"): the ancestor's
 *    limit throttles the task too, "high" is counted in p's events and
 *    c's does not grow (an event goes up the tree, never down);
 *  - with both "max" again no fault is held and neither count grows;
 *  - the 16 MiB are intact after swap-in.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "memcg_swap.h"
#include "vm_helpers.h"

#define MB (1024 * 1024)
#define SIZE (16 * MB)
#define EXTRA (4 * MB)
#define ROUND_PAGES 192
#define STALL_MS 1900

static struct round {
	long long max_ms;
	int rounds;
} *res;

static void expect(const char *rel, const char *val, int exp,
		   const char *readback)
{
	char path[PATH_MAX], buf[64];
	int err = cg_write_err(rel, "memory.swap.high", val);

	cg_path(path, sizeof(path), rel, "memory.swap.high");
	SAFE_FILE_SCANF(path, "%63s", buf);
	TST_EXP_EXPR(err == exp && !strcmp(buf, readback),
		     "memory.swap.high \"%s\": %s (expected %s), reads %s "
		     "(expected %s)", val, tst_strerrno(err),
		     tst_strerrno(exp), buf, readback);
}

static void parsing(void)
{
	cg_mkdir("x");
	expect("x", "max", 0, "max");
	expect("x", "1M", 0, "1048576");
	expect("x", "4097", 0, "4096");
	expect("x", "-1", EINVAL, "4096");
	expect("x", "1Q", EINVAL, "4096");
	expect("x", "max", 0, "max");
	cg_rmdir("x");
}

/*
 * Touch the next pages of extra one by one, up to ROUND_PAGES, stopping
 * after one that took STALL_MS or more; the longest touch in res.
 */
static void user(void)
{
	size_t psize = getpagesize(), off = 0;
	char *mem, *extra;
	long long t, ms;
	int i, r;

	cg_enter("p/c");
	mem = SAFE_MMAP(NULL, SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	extra = SAFE_MMAP(NULL, EXTRA, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	madvise(mem, SIZE, MADV_NOHUGEPAGE);
	madvise(extra, EXTRA, MADV_NOHUGEPAGE);
	fill_pattern(mem, SIZE, 9);
	TST_CHECKPOINT_WAKE(0);
	for (r = 0; r < 3; r++) {
		TST_CHECKPOINT_WAIT(1);
		res->max_ms = 0;
		for (i = 0; i < ROUND_PAGES && off < EXTRA; i++, off += psize) {
			t = tst_mono_ms();
			extra[off] = 1;
			ms = tst_mono_ms() - t;
			if (ms > res->max_ms)
				res->max_ms = ms;
			if (ms >= STALL_MS)
				break;
		}
		res->rounds++;
		TST_CHECKPOINT_WAKE(0);
	}
	TST_CHECKPOINT_WAIT(1);
	t = check_pattern(mem, SIZE, 9);
	TST_EXP_EXPR(t < 0, "16 MiB intact after swap-in (first bad byte "
		     "%lld)", t);
	exit(0);
}

/*
 * One round of touches, then "high" of memory.swap.events: c's grows
 * (c_up) or stays, p's grows (p_up) or stays, or with same_as_c grows by
 * exactly as much as c's (the events are hierarchical).
 */
static void round_trip(const char *what, int held, int c_up, int p_up,
		       int same_as_c)
{
	long long c0 = cg_read_key("p/c", "memory.swap.events", "high");
	long long p0 = cg_read_key("p", "memory.swap.events", "high");
	long long c, p;

	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(0);
	c = cg_read_key("p/c", "memory.swap.events", "high") - c0;
	p = cg_read_key("p", "memory.swap.events", "high") - p0;
	if (held)
		TST_EXP_EXPR(res->max_ms >= STALL_MS, "%s: a fault held %lld "
			     "ms (>= %d)", what, res->max_ms, STALL_MS);
	else
		tst_res(TINFO, "%s: longest fault %lld ms", what, res->max_ms);
	TST_EXP_EXPR(c_up ? c > 0 : c == 0, "%s: c's swap.events high +%lld "
		     "(%s)", what, c, c_up ? "grows" : "unchanged");
	if (same_as_c)
		TST_EXP_EXPR(p == c, "%s: p's swap.events high +%lld, as c's",
			     what, p);
	else
		TST_EXP_EXPR(p_up ? p > 0 : p == 0, "%s: p's swap.events high "
			     "+%lld (%s)", what, p, p_up ? "grows" : "unchanged");
}

static void throttling(void)
{
	long long sw, c0, p0;
	pid_t pid;

	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/c");
	res->rounds = 0;
	pid = SAFE_FORK();
	if (!pid)
		user();
	TST_CHECKPOINT_WAIT(0);

	if (cg_try_write("p/c", "memory.reclaim", "8M") && errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "memory.reclaim 8M");
	sw = cg_read_num("p/c", "memory.swap.current");
	if (sw < 4 * MB)
		tst_brk(TBROK, "memory.reclaim 8M put only %lld bytes in swap",
			sw);
	tst_res(TINFO, "memory.swap.current %lld", sw);

	c0 = cg_read_key("p/c", "memory.swap.events", "high");
	p0 = cg_read_key("p", "memory.swap.events", "high");
	TST_EXP_EXPR(c0 == 0 && p0 == 0, "swap.events high 0 before any "
		     "limit (c %lld, p %lld)", c0, p0);

	CG_WRITE("p/c", "memory.swap.high", "1M");
	round_trip("c's swap.high 1M", 1, 1, 1, 1);

	CG_WRITE("p/c", "memory.swap.high", "max");
	CG_WRITE("p", "memory.swap.high", "1M");
	round_trip("p's swap.high 1M", 1, 0, 1, 0);

	CG_WRITE("p", "memory.swap.high", "max");
	round_trip("both max", 0, 0, 0, 0);

	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
	cg_rmdir("p/c");
	cg_rmdir("p");
}

static void run(void)
{
	if (!swap_on) {
		swapon_first(swapfile);
		swap_on = 1;
	}
	parsing();
	throttling();
}

static void setup(void)
{
	res = SAFE_MMAP(NULL, sizeof(*res), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	memcg_swap_setup(64);
	cg_require_file("memory.swap.high", "no memory.swap.high (5.8)");
	cg_require_file("memory.reclaim", "no memory.reclaim (5.19)");
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
	.min_mem_avail_mb = 128,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", "CONFIG_SWAP", NULL
	},
};
