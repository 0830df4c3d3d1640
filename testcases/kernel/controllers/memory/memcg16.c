// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 memory.reclaim on clean page cache (no swap: memory.swap.max
 * 0), mm/memcontrol.c memory_reclaim():
 *  - parsing: "abc", "-1", "max", "1Q" and "4M 1" are EINVAL; "0" and
 *    "0k" succeed and reclaim nothing (memory.current within 1 MiB);
 *  - a cgroup with nothing charged: "1M" is EAGAIN (the retries run out
 *    with nothing reclaimed);
 *  - p/c holding 32 MiB of clean page cache and no process: "4M" on
 *    p/c returns success having taken at least 4 MiB - 512 KiB off
 *    memory.current and memory.stat "file" (slab pages the shrinkers
 *    free count towards the request: reclaim_state), and at most
 *    12 MiB + the per-CPU charge stock + 1 MiB (the loop stops once the
 *    request is met; whole batches overshoot it, 1.7x seen on 6.1);
 *    pgsteal grows by at least 4 MiB - 512 KiB in pages, pgscan by at
 *    least as much as pgsteal (reclaim counted in the memcg's events);
 *  - "4M" written to the parent p reclaims from its child: p/c loses as
 *    much again, and p's own charges (its children's per-CPU data) stay:
 *    p's memory.current minus p/c's is unchanged;
 *  - "64M" with at most 24 MiB left: EAGAIN, having reclaimed all it
 *    could (p/c's file below 1 MiB); the file reads back intact.
 * Catches: memory.reclaim reporting success without reclaiming (or
 * reclaiming far beyond the request), not walking the subtree, half
 * parsed input acted upon, a wrong errno when nothing can be reclaimed.
 */
#include <sys/vfs.h>
#include "tst_test.h"
#include "cgroup2.h"

#define MB (1024 * 1024)
#define TMPFS_MAGIC_ 0x01021994
#define CACHE_MB 32
#define REQ (4 * MB)
/* slab pages freed by the shrinkers count as reclaimed (reclaim_state) */
#define SLAB_SLACK (512 * 1024)
#define LO (REQ - SLAB_SLACK)
/* the reclaim loop overshoots by whole batches; 3x still leaves most */
#define HI (3 * REQ + stock + MB)

static long long stock, page;

static void expect_reclaim_err(const char *rel, const char *val, int err)
{
	int got = cg_write_err(rel, "memory.reclaim", val);

	TST_EXP_EXPR(got == err, "%s memory.reclaim \"%s\": %s, %s expected",
		     rel, val, tst_strerrno(got), tst_strerrno(err));
}

static long long current_of(const char *rel)
{
	return cg_read_num(rel, "memory.current");
}

static void check_drop(const char *what, long long before, long long after,
		       long long lo, long long hi)
{
	long long drop = before - after;

	TST_EXP_EXPR(drop >= lo && drop <= hi,
		     "%s: down %lld KiB, [%lld, %lld] KiB expected", what,
		     drop / 1024, lo / 1024, hi / 1024);
}

/*
 * The reclaim is counted in the cgroup's vmscan events: pgsteal grows by
 * at least the pages requested, pgscan by at least as much as pgsteal.
 */
static void check_events(long long steal0, long long scan0, long long pages)
{
	long long steal, scan;

	steal = cg_wait_key("p/c", "memory.stat", "pgsteal", steal0 + pages,
			    LLONG_MAX);
	scan = cg_wait_key("p/c", "memory.stat", "pgscan",
			   scan0 + (steal - steal0), LLONG_MAX);
	TST_EXP_EXPR(steal - steal0 >= pages, "p/c pgsteal +%lld, >= %lld "
		     "expected", steal - steal0, pages);
	TST_EXP_EXPR(scan - scan0 >= steal - steal0, "p/c pgscan +%lld, >= "
		     "pgsteal's +%lld expected", scan - scan0, steal - steal0);
}

/*
 * p's memory.current minus p/c's, from a pair of reads p/c's value did
 * not change across (objects freed late may still lower it); p/c's in cur.
 */
static long long p_own(long long *cur)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	long long c1, pv, c2;

	do {
		c1 = current_of("p/c");
		pv = current_of("p");
		c2 = current_of("p/c");
	} while (c1 != c2 && tst_mono_ms() < deadline);
	if (c1 != c2)
		tst_brk(TBROK, "p/c's memory.current kept changing for 10 s");
	*cur = c2;
	return pv - c2;
}

static void check_file_intact(void)
{
	char buf[4096];
	ssize_t n, i;
	long long total = 0, bad = 0;
	int fd = SAFE_OPEN("cache", O_RDONLY);

	while ((n = SAFE_READ(0, fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < n; i++)
			bad += buf[i] != 'c';
		total += n;
	}
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(total == CACHE_MB * MB && !bad,
		     "the file reads back %lld bytes, %lld wrong", total, bad);
}

static void run(void)
{
	long long cur0, pdiff0, pdiff, file0, cur, file, steal0, scan0;

	expect_reclaim_err("p/c", "abc", EINVAL);
	expect_reclaim_err("p/c", "-1", EINVAL);
	expect_reclaim_err("p/c", "max", EINVAL);
	expect_reclaim_err("p/c", "1Q", EINVAL);
	expect_reclaim_err("p/c", "4M 1", EINVAL);
	expect_reclaim_err("e", "1M", EAGAIN);

	cg_page_cache("p/c", "cache", CACHE_MB, 'c');
	file0 = cg_wait_key("p/c", "memory.stat", "file", CACHE_MB * MB,
			    LLONG_MAX);
	if (file0 < CACHE_MB * MB)
		tst_brk(TBROK, "p/c's file is %lld KiB after writing %d MiB",
			file0 / 1024, CACHE_MB);
	cur0 = current_of("p/c");
	expect_reclaim_err("p/c", "0", 0);
	expect_reclaim_err("p/c", "0k", 0);
	/* objects of the exited writer may still be freed (RCU): 1 MiB */
	cur = current_of("p/c");
	TST_EXP_EXPR(cur0 - cur < MB, "\"0\" reclaimed nothing: "
		     "memory.current %lld -> %lld", cur0, cur);

	steal0 = cg_read_key("p/c", "memory.stat", "pgsteal");
	scan0 = cg_read_key("p/c", "memory.stat", "pgscan");
	expect_reclaim_err("p/c", "4M", 0);
	cur = current_of("p/c");
	check_events(steal0, scan0, (REQ - SLAB_SLACK) / page);
	check_drop("p/c memory.current after \"4M\"", cur0, cur, LO, HI);
	file = cg_wait_key("p/c", "memory.stat", "file", 0,
			   file0 - REQ + SLAB_SLACK);
	check_drop("p/c memory.stat file after \"4M\"", file0, file, LO, HI);

	/* p's own charges (its children's per-CPU data) are not reclaimed */
	pdiff0 = p_own(&cur0);
	expect_reclaim_err("p", "4M", 0);
	pdiff = p_own(&cur);
	check_drop("p/c memory.current after \"4M\" on p", cur0, cur, LO, HI);
	TST_EXP_EXPR(pdiff == pdiff0, "p's memory.current is p/c's %lld + "
		     "%lld, + %lld before", cur, pdiff, pdiff0);

	expect_reclaim_err("p/c", "64M", EAGAIN);
	file = cg_wait_key("p/c", "memory.stat", "file", 0, MB - 1);
	TST_EXP_EXPR(file < MB, "p/c's file after EAGAIN: %lld KiB (< 1 MiB "
		     "expected: all clean cache reclaimed)", file / 1024);
	check_file_intact();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};
	struct statfs sfs;

	if (statfs(".", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if (sfs.f_type == TMPFS_MAGIC_)
		tst_brk(TCONF, "the tmpdir is on tmpfs: no reclaimable page "
			"cache without swap");
	/* a charge may leave up to 64 pages per CPU in the per-CPU stock */
	page = getpagesize();
	stock = sysconf(_SC_NPROCESSORS_ONLN) * 64 * page;
	cg_setup(ctrls, 1);
	cg_no_swap("");
	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+memory");
	cg_mkdir("p/c");
	cg_mkdir("e");
	cg_require_file("memory.reclaim", "before Linux 5.19");
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
