// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * memory.stat "unevictable", "anon_thp" and "thp_fault_alloc" of a cgroup
 * v2 memory cgroup follow what its only process does (mm/mlock.c,
 * mm/rmap.c, mm/huge_memory.c):
 *  - 4 MiB of touched private anonymous memory (no THP) reads 0 in
 *    unevictable; mlock() moves exactly 4 MiB to the unevictable LRU,
 *    munlock() exactly all of it back (0);
 *  - mlock2(MLOCK_ONFAULT) on 4 MiB never touched adds nothing; touching
 *    256 of its pages makes exactly 1 MiB unevictable; munmap() gives it
 *    back (0);
 *  - a process that exits with 4 MiB still mlocked leaves unevictable 0
 *    and memory.current below 1 MiB in its cgroup;
 *  - 4 PMD-aligned extents with MADV_HUGEPAGE, one byte written in each:
 *    anon_thp grows by exactly the huge pages smaps shows (AnonHugePages)
 *    and thp_fault_alloc by exactly their number; MADV_DONTNEED of one
 *    4 KiB page splits that PMD: anon_thp one huge page less, as smaps;
 *    MADV_DONTNEED of the whole region: anon_thp back where it was.
 * mlock keeps pages in per-CPU batches until a drain on that CPU, and
 * memory.stat is flushed lazily (in full every 2 s): after each step the
 * child drains the batch of every CPU it may use (an mlock()/munlock() of
 * a spare page ends in lru_add_drain() on the CPU it is pinned to) and
 * each value is polled up to 10 s (x LTP_TIMEOUT_MUL), so the checks are
 * exact.
 * Would catch: mlocked pages left on or returned to the evictable LRUs
 * (or counted on the wrong memcg's lruvec), MLOCK_ONFAULT locking pages
 * never faulted, mlocked pages' charges leaked at exit, huge pages not
 * counted per memcg or not uncharged when their PMD is split or zapped.
 */
#include <sched.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "cpu_pin.h"
#include "thp_common.h"
#include "vm_helpers.h"

#ifndef MLOCK_ONFAULT
# define MLOCK_ONFAULT 0x01
#endif

#define MB (1024L * 1024)

static long page;
static char *parent_spare;

static void expect_stat(const char *key, long long want, const char *what)
{
	long long val = cg_wait_key("m", "memory.stat", key, want, want);

	TST_EXP_EXPR(val == want, "%s: %s %lld, %lld expected", what, key,
		     val, want);
}

/*
 * Flush the mlock and LRU batches of every CPU the child may run on:
 * pinned to each in turn, mlock() and munlock() of a spare page both end
 * in lru_add_drain() on that CPU. The affinity is restored after.
 */
static void drain_all_cpus(char *spare)
{
	cpu_set_t all;
	int cpu;

	if (sched_getaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &all))
			continue;
		pin_to_cpu(cpu);
		if (mlock(spare, page) || munlock(spare, page))
			tst_brk(TBROK | TERRNO, "mlock/munlock of a page");
	}
	if (sched_setaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_setaffinity()");
}

static char *anon_no_thp(size_t len)
{
	char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	vm_no_thp(p, len);
	return p;
}

static void touch(char *p, size_t len)
{
	size_t off;

	for (off = 0; off < len; off += page)
		p[off] = 1;
}

static void mlock_child(int leave_locked)
{
	char *spare, *r, *o;

	cg_enter("m");
	spare = anon_no_thp(page);
	spare[0] = 1;
	r = anon_no_thp(4 * MB);
	touch(r, 4 * MB);
	drain_all_cpus(spare);
	expect_stat("unevictable", 0, "4 MiB touched, not locked");

	if (mlock(r, 4 * MB))
		tst_brk(TBROK | TERRNO, "mlock(4 MiB)");
	drain_all_cpus(spare);
	expect_stat("unevictable", 4 * MB, "mlock() of 4 MiB touched");
	if (leave_locked)
		exit(0);

	if (munlock(r, 4 * MB))
		tst_brk(TBROK | TERRNO, "munlock(4 MiB)");
	drain_all_cpus(spare);
	expect_stat("unevictable", 0, "munlock() of the 4 MiB");

	o = anon_no_thp(4 * MB);
	if (mlock2(o, 4 * MB, MLOCK_ONFAULT))
		tst_brk(TBROK | TERRNO, "mlock2(MLOCK_ONFAULT)");
	drain_all_cpus(spare);
	expect_stat("unevictable", 0, "mlock2(MLOCK_ONFAULT), nothing touched");
	touch(o, 256 * page);
	drain_all_cpus(spare);
	expect_stat("unevictable", 256 * page,
		    "MLOCK_ONFAULT, 256 pages touched");
	SAFE_MUNMAP(o, 4 * MB);
	drain_all_cpus(spare);
	expect_stat("unevictable", 0, "munmap() of the MLOCK_ONFAULT region");
	exit(0);
}

static void thp_child(void)
{
	size_t hp = thp_pmd_size();
	long long a0, t0, nhuge;
	char *a;
	int i;

	cg_enter("m");
	a = thp_map_aligned(hp, 4, PROT_READ | PROT_WRITE);
	vm_madvise(a, 4 * hp, MADV_HUGEPAGE, "MADV_HUGEPAGE");
	/* whatever else of the process is huge stays as it is */
	a0 = cg_wait_key("m", "memory.stat", "anon_thp", 0, 0);
	t0 = cg_read_key("m", "memory.stat", "thp_fault_alloc");

	for (i = 0; i < 4; i++)
		a[i * hp] = 1;
	nhuge = smaps_kb(a, "AnonHugePages") * 1024LL / hp;
	/* the huge PMDs stay; khugepaged must not collapse the rest later */
	vm_madvise(a, 4 * hp, MADV_NOHUGEPAGE, "MADV_NOHUGEPAGE");
	if (!nhuge)
		tst_brk(TCONF, "none of 4 PMD faults got a huge page "
			"(fragmented memory?)");
	tst_res(TINFO, "%lld of 4 extents huge", nhuge);
	expect_stat("anon_thp", a0 + nhuge * hp, "4 huge-page faults");
	expect_stat("thp_fault_alloc", t0 + nhuge, "4 huge-page faults");

	/* the first huge extent: a 4 KiB hole in it splits its PMD */
	for (i = 0; i < 4; i++) {
		long before = smaps_kb(a, "AnonHugePages");

		vm_madvise(a + i * hp + page, page, MADV_DONTNEED,
			   "MADV_DONTNEED");
		if (smaps_kb(a, "AnonHugePages") < before)
			break;
	}
	TST_EXP_EXPR(smaps_kb(a, "AnonHugePages") * 1024LL ==
		     (nhuge - 1) * (long long)hp,
		     "a 4 KiB hole split exactly one huge PMD (smaps)");
	expect_stat("anon_thp", a0 + (nhuge - 1) * hp,
		    "one PMD split by a 4 KiB MADV_DONTNEED");

	vm_madvise(a, 4 * hp, MADV_DONTNEED, "MADV_DONTNEED");
	expect_stat("anon_thp", a0, "whole region MADV_DONTNEED");
	exit(0);
}

/* Poll memory.current of m until below limit; the last value read. */
static long long wait_current_below(long long limit)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	long long cur;

	while ((cur = cg_read_num("m", "memory.current")) >= limit &&
	       tst_mono_ms() < deadline)
		usleep(10000);
	return cur;
}

static void mlock_then_exit(void)
{
	mlock_child(1);
}

static void mlock_and_unlock(void)
{
	mlock_child(0);
}

static void run(void)
{
	long long cur;

	run_in_child(mlock_and_unlock);

	run_in_child(mlock_then_exit);
	/* the exit's munlock may sit in a per-CPU batch holding the pages */
	drain_all_cpus(parent_spare);
	expect_stat("unevictable", 0, "exit with 4 MiB mlocked");
	cur = wait_current_below(MB);
	TST_EXP_EXPR(cur < MB, "exit with 4 MiB mlocked: memory.current %lld "
		     "< 1 MiB", cur);

	if (!access(THP_DIR "enabled", F_OK) &&
	    !cg_has_word(THP_DIR "enabled", "[never]"))
		run_in_child(thp_child);
	else
		tst_res(TCONF, "THP not available or 'never': anon_thp part "
			"skipped");
}

static void setup(void)
{
	static const char *const ctrl[] = { "memory", NULL };

	page = getpagesize();
	parent_spare = anon_no_thp(page);
	parent_spare[0] = 1;
	cg_setup(ctrl, 1);
	cg_mkdir("m");
	cg_no_swap("m");
}

static void cleanup(void)
{
	cg_cleanup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
