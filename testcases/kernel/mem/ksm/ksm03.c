// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM over four processes, exact counts (ksmd run 1, scanning fast; all
 * KSM pages unmerged with run 2 first, the knobs restored after). Each
 * process maps 28 MADV_MERGEABLE pages: 16 "same" pages (page i filled
 * with i + 1 in every process), 4 "dup" pages all filled with 0x55 in
 * every process, and 8 pages of a content no other page has:
 *  - ksmd merges the 16 same pages into 16 KSM pages of 4 sharers and
 *    the 16 dup pages (4 in each process) into one KSM page: pages_shared
 *    is 17, pages_sharing 16 * 3 + 15 = 63; every process's
 *    ksm_merging_pages is 20 and its ksm_rmap_items 28 (one per scanned
 *    page, the unique ones included); the contents read back unchanged;
 *  - a write by process 0 to a same page gives it a private copy:
 *    pages_sharing 62, its ksm_merging_pages 19, the others keep theirs;
 *  - writing 2 to run unmerges everything before the write returns:
 *    pages_shared and pages_sharing 0, every ksm_merging_pages and
 *    ksm_rmap_items 0, all data intact (process 0's write included);
 *  - with run 1 again the pages, still MADV_MERGEABLE, merge back to 17
 *    and 62.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "ksm_helpers.h"

#define NPROC 4
#define NSAME 16
#define NDUP 4
#define NUNIQ 8
#define NPAGES (NSAME + NDUP + NUNIQ)

static size_t psz;
static pid_t pids[NPROC];

static unsigned char expected(int who, int page, int wrote)
{
	if (page < NSAME)
		return (wrote && who == 0 && page == 0) ? 0xee : page + 1;
	if (page < NSAME + NDUP)
		return 0x55;
	return 0x80 + who * NUNIQ + page - NSAME - NDUP;
}

static int check(const unsigned char *m, int who, int wrote)
{
	int i;
	size_t j;

	for (i = 0; i < NPAGES; i++)
		for (j = 0; j < psz; j++)
			if (m[i * psz + j] != expected(who, i, wrote))
				return i;
	return -1;
}

static void proc(int who)
{
	unsigned char *m = SAFE_MMAP(NULL, NPAGES * psz,
				     PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i, bad, step;

	for (i = 0; i < NPAGES; i++)
		memset(m + i * psz, expected(who, i, 0), psz);
	if (madvise(m, NPAGES * psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	TST_CHECKPOINT_WAKE(0);

	for (step = 0; step < 4; step++) {
		TST_CHECKPOINT_WAIT(1 + who);
		bad = check(m, who, step > 0);
		if (bad >= 0)
			tst_res(TFAIL, "process %d, step %d: page %d changed",
				who, step, bad);
		if (step == 0 && who == 0)
			memset(m, 0xee, psz);
		TST_CHECKPOINT_WAKE(0);
	}
	exit(0);
}

static void step(void)
{
	int i;

	for (i = 0; i < NPROC; i++) {
		TST_CHECKPOINT_WAKE(1 + i);
		TST_CHECKPOINT_WAIT(0);
	}
}

static void per_proc(long merging0, long merging_rest, long rmap)
{
	int i;
	long want, got;

	for (i = 0; i < NPROC; i++) {
		want = i ? merging_rest : merging0;
		got = ksm_merging(pids[i]);
		TST_EXP_EXPR(got == want, "process %d: ksm_merging_pages %ld "
			     "(expected %ld)", i, got, want);
		got = ksm_stat(pids[i], "ksm_rmap_items");
		if (got < 0)
			continue;
		TST_EXP_EXPR(got == rmap, "process %d: ksm_rmap_items %ld "
			     "(expected %ld)", i, got, rmap);
	}
}

static void run(void)
{
	const long shared = NSAME + 1;
	const long sharing = NSAME * (NPROC - 1) + NDUP * NPROC - 1;
	int i;

	ksm_reset();

	for (i = 0; i < NPROC; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			proc(i);
		TST_CHECKPOINT_WAIT(0);
	}
	if (ksm_settle(0, shared, 0, sharing, "merged"))
		per_proc(NSAME + NDUP, NSAME + NDUP, NPAGES);

	step();		/* data checked, process 0 writes page 0 */
	if (ksm_settle(0, shared, 0, sharing - 1, "after a copy on write"))
		per_proc(NSAME + NDUP - 1, NSAME + NDUP, NPAGES);

	ksm_set("run", "2");
	TST_EXP_EXPR(!ksm_val("pages_shared") && !ksm_val("pages_sharing"),
		     "run 2: pages_shared %ld, pages_sharing %ld (expected 0)",
		     ksm_val("pages_shared"), ksm_val("pages_sharing"));
	per_proc(0, 0, 0);
	step();		/* data checked after the unmerge */

	ksm_set("run", "1");
	ksm_settle(0, shared, 0, sharing - 1, "merged again after run 1");
	step();		/* data checked after the merge */
	step();		/* the processes exit */
	for (i = 0; i < NPROC; i++)
		reap_child(pids[i]);
}

static void setup(void)
{
	psz = getpagesize();
	if (ksm_merging(getpid()) < 0)
		tst_brk(TCONF, "no /proc/PID/ksm_merging_pages (before 5.19)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		KSM_SAVE_RESTORE,
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
};
