// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM inside a memory cgroup (upstream LTP's ksm03 runs its merging in a
 * memcg): a cgroup k with memory.max 48 MiB and no swap, and three
 * processes in it started one after the other, each filling 32 MiB (8192
 * pages) of identical pages, MADV_MERGEABLE:
 *  - each fill charges k by at least 32 MiB less the per-CPU charge
 *    stock (1 MiB);
 *  - after ksmd merged it (exactly: one KSM page per max_page_sharing
 *    mappings, by default 32, 64, 96 KSM pages with 8160, 16320, 24480
 *    sharers), memory.current of k has dropped by at least 32 MiB
 *    less the stock, and it stays within 4 MiB of what it was before
 *    that process started: the merged
 *    pages are uncharged, the KSM pages stay charged; so the three
 *    processes, 96 MiB of memory to them, live within 48 MiB (no
 *    oom_kill in memory.events), and each reads its data back intact;
 *  - MADV_UNMERGEABLE in the third process charges k again with at
 *    least 32 MiB less the stock, at once, its data intact, and the
 *    KSM counters fall back to those of two processes.
 * Without KSM's uncharge the third fill would be OOM-killed in k.
 */

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "cgroup2.h"
#include "ksm_helpers.h"

#define MB (1024 * 1024)
/*
 * The processes wait while ksmd merges the others' pages: several full
 * scans each, over a minute under TCG beside other tests.
 */
#define LONG_WAIT_MS (600000 * tst_timeout_mul())
#define NPROC 3
#define AREA (32 * MB)

static size_t ps;
static long npg, mps;

/*
 * KSM pages for nproc x npg identical pages: each takes at most
 * max_page_sharing mappings (a stable node chain of such pages), a new
 * one is made only once every other is full, and a last lone page
 * stays unmerged.
 */
static long ksm_pages(int nproc)
{
	long n = nproc * npg;

	return n / mps + (n % mps >= 2);
}

static int area_intact(const unsigned char *a)
{
	size_t i;

	for (i = 0; i < AREA && a[i] == 0x5a; i++)
		;
	return i == AREA;
}

static void child(int id, int unmerge)
{
	unsigned char *a;

	cg_enter("k");
	a = SAFE_MMAP(NULL, AREA, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(a, AREA);
	memset(a, 0x5a, AREA);
	if (madvise(a, AREA, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT2(id, LONG_WAIT_MS);
	TST_EXP_EXPR(area_intact(a), "child %d: 32 MiB intact after the "
		     "merge", getpid());
	if (unmerge) {
		if (madvise(a, AREA, MADV_UNMERGEABLE))
			tst_brk(TBROK | TERRNO, "madvise(MADV_UNMERGEABLE)");
		TST_EXP_EXPR(area_intact(a), "child %d: intact after "
			     "MADV_UNMERGEABLE", getpid());
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT2(id, LONG_WAIT_MS);
	}
	exit(0);
}

static void run(void)
{
	long long prev, filled, merged;
	long shared0, sharing0;
	pid_t pids[NPROC];
	int i;

	cg_mkdir("k");
	CG_WRITE("k", "memory.max", "%d", 48 * MB);
	cg_no_swap("k");
	ksm_reset();
	shared0 = ksm_val("pages_shared");
	sharing0 = ksm_val("pages_sharing");
	prev = cg_read_num("k", "memory.current");

	for (i = 0; i < NPROC; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			child(i + 1, i == NPROC - 1);
		TST_CHECKPOINT_WAIT_PID(0, LONG_WAIT_MS, pids[i]);
		filled = cg_read_num("k", "memory.current");
		TST_EXP_EXPR(filled - prev >= AREA - MB, "process %d filled: "
			     "memory.current +%lld KiB", i,
			     (filled - prev) / 1024);
		ksm_settle(shared0, ksm_pages(i + 1), sharing0,
			   (i + 1) * npg - ksm_pages(i + 1),
			   "identical pages merged");
		merged = cg_read_num("k", "memory.current");
		TST_EXP_EXPR(filled - merged >= AREA - MB &&
			     merged - prev <= 4 * MB, "process %d merged: "
			     "memory.current -%lld KiB, +%lld KiB over the "
			     "value before it", i, (filled - merged) / 1024,
			     (merged - prev) / 1024);
		prev = merged;
	}
	TST_EXP_EQ_LI(cg_read_key("k", "memory.events", "oom_kill"), 0);

	/* the third one unmerges first, the others check and exit */
	TST_CHECKPOINT_WAKE(NPROC);
	TST_CHECKPOINT_WAIT_PID(0, LONG_WAIT_MS, pids[NPROC - 1]);
	filled = cg_read_num("k", "memory.current");
	TST_EXP_EXPR(filled - prev >= AREA - MB, "MADV_UNMERGEABLE: "
		     "memory.current +%lld KiB", (filled - prev) / 1024);
	ksm_settle(shared0, ksm_pages(NPROC - 1), sharing0,
		   (NPROC - 1) * npg - ksm_pages(NPROC - 1),
		   "the unmerged process's pages left the KSM pages");
	for (i = 0; i < NPROC; i++)
		TST_CHECKPOINT_WAKE(i + 1);
	for (i = 0; i < NPROC; i++)
		reap_child(pids[i]);
	TST_EXP_EQ_LI(cg_read_key("k", "memory.events", "oom_kill"), 0);
	cg_rmdir("k");
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	ps = getpagesize();
	npg = AREA / ps;
	mps = ksm_val("max_page_sharing");
	cg_setup(ctrls, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 300,
	.min_mem_avail_mb = 256,
	.save_restore = (const struct tst_path_val[]) {
		KSM_SAVE_RESTORE,
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", "CONFIG_MEMCG", NULL
	},
};
