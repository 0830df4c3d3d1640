// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MADV_FREE pages are freed, not swapped, when their memory cgroup is
 * reclaimed, and pages written again after MADV_FREE keep all their
 * data. A child in a cgroup of its own (memory.swap.max 0, so nothing
 * can go to swap), pinned to one CPU, fills 256 private anonymous pages
 * (no THP) with a pattern, then:
 * - madvise(MADV_FREE) succeeds and frees nothing at once: the mapping's
 *   Rss in /proc/self/smaps is still 256 pages, and all of them are
 *   LazyFree (a second MADV_FREE, of another page, first drains this
 *   CPU's lazyfree batch onto the LRU);
 * - one byte is written to pages 0 and 10;
 * - writing memory.reclaim (more than the cgroup holds; EAGAIN allowed)
 *   leaves exactly those 2 pages resident (smaps Rss); memory.stat
 *   counts the 257 pages made lazyfree (pglazyfree) and the 255 clean
 *   ones discarded (pglazyfreed);
 * - the 254 untouched pages read as zeros, the 2 written ones hold the
 *   byte written and the rest of their pattern.
 * Syscalls: madvise
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "cgroup2.h"
#include "cpu_pin.h"
#include "task_wait.h"

#define PAGES 256
#define T1 0
#define T2 10
#define MARK 0xAA

static size_t psize;

static unsigned char pattern(unsigned int page)
{
	return page % 251 + 1;
}

/* Rss and LazyFree, in kB, of the mapping that starts at addr. */
static void smaps_of(void *addr, long *rss, long *lazy)
{
	char line[512];
	unsigned long start, end;
	int in = 0;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	*rss = *lazy = -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			in = start == (unsigned long)addr;
			continue;
		}
		if (!in)
			continue;
		sscanf(line, "Rss: %ld kB", rss);
		sscanf(line, "LazyFree: %ld kB", lazy);
	}
	fclose(f);
	if (*rss < 0 || *lazy < 0)
		tst_brk(TBROK, "no Rss/LazyFree for %p in /proc/self/smaps",
			addr);
}

static void child(void)
{
	long long lazyfree0, lazyfreed0;
	unsigned char *mem, *dummy;
	unsigned int i, bad_zero = 0, bad_kept = 0;
	long rss, lazy, kb = psize / 1024;
	size_t j;

	pin_to_current_cpu();
	cg_enter("");
	lazyfree0 = cg_read_key("", "memory.stat", "pglazyfree");
	lazyfreed0 = cg_read_key("", "memory.stat", "pglazyfreed");

	mem = SAFE_MMAP(NULL, PAGES * psize, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(mem, PAGES * psize);
	dummy = SAFE_MMAP(NULL, psize, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/*
	 * A flag of its own keeps dummy's VMA from merging with mem's, which
	 * smaps_of() finds by its start (on a kernel without THP mem has no
	 * VM_NOHUGEPAGE to tell them apart).
	 */
	vm_madvise(dummy, psize, MADV_DONTFORK, "MADV_DONTFORK");
	for (i = 0; i < PAGES; i++)
		memset(mem + i * psize, pattern(i), psize);
	dummy[0] = 1;

	TST_EXP_PASS(madvise(mem, PAGES * psize, MADV_FREE),
		     "madvise(MADV_FREE) of %d pages", PAGES);
	if (!TST_PASS)
		exit(0);
	/* madvise_free_single_vma() drains this CPU's lazyfree batch first */
	TST_EXP_PASS(madvise(dummy, psize, MADV_FREE),
		     "madvise(MADV_FREE) of another page");
	smaps_of(mem, &rss, &lazy);
	TST_EXP_EXPR(rss == PAGES * kb && lazy == PAGES * kb,
		     "after MADV_FREE: Rss %ld kB, LazyFree %ld kB (expected %ld both)",
		     rss, lazy, PAGES * kb);

	mem[T1 * psize] = MARK;
	mem[T2 * psize] = MARK;

	if (cg_try_write("", "memory.reclaim", "%zu", 4 * PAGES * psize) &&
	    errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "write memory.reclaim");

	smaps_of(mem, &rss, &lazy);
	TST_EXP_EXPR(rss == 2 * kb,
		     "after reclaim: Rss %ld kB, the 2 pages written after MADV_FREE (%ld kB); LazyFree %ld kB",
		     rss, 2 * kb, lazy);
	TST_EXP_EQ_LI(cg_read_key("", "memory.stat", "pglazyfree") - lazyfree0,
		      PAGES + 1);
	TST_EXP_EQ_LI(cg_read_key("", "memory.stat", "pglazyfreed") - lazyfreed0,
		      PAGES - 1);

	for (i = 0; i < PAGES; i++) {
		unsigned char *p = mem + i * psize;

		if (i == T1 || i == T2) {
			if (p[0] != MARK)
				bad_kept++;
			for (j = 1; j < psize; j++)
				if (p[j] != pattern(i)) {
					bad_kept++;
					break;
				}
			continue;
		}
		for (j = 0; j < psize; j++)
			if (p[j]) {
				bad_zero++;
				break;
			}
	}
	TST_EXP_EXPR(!bad_zero, "%u of the %d untouched MADV_FREE pages read as zeros",
		     PAGES - 2 - bad_zero, PAGES - 2);
	TST_EXP_EXPR(!bad_kept, "the 2 pages written after MADV_FREE kept their data (%u differ)",
		     bad_kept);
	exit(0);
}

static void run(void)
{
	run_in_child(child);
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	psize = getpagesize();
	cg_setup(ctrls, 0);
	cg_require_file("memory.reclaim", "proactive reclaim (Linux 5.19)");
	cg_no_swap("");
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cg_cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.exclusive = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_MEMCG", NULL
	},
};
