// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel samepage merging across two processes (ksmd run 1, scanning
 * fast; the sysfs values are saved and restored). Each of processes A and
 * B maps 32 MADV_MERGEABLE pages, page i filled with the byte i + 1, the
 * same in both:
 *  - ksmd merges them: pages_shared grows by 32 and pages_sharing by 32,
 *    /proc/PID/ksm_merging_pages of each process reads 32, and the
 *    contents read back unchanged;
 *  - a write by B to its page 0 breaks the sharing for B only (copy on
 *    write): B reads its new byte, A still the old one, and once ksmd has
 *    rescanned pages_sharing drops by one (A alone keeps that KSM page)
 *    and B's ksm_merging_pages reads 31;
 *  - MADV_UNMERGEABLE in A unmerges A's pages: after a rescan A's
 *    ksm_merging_pages reads 0, pages_sharing is back to where it
 *    started and B alone holds its 31 KSM pages (pages_shared +31);
 *    both processes' data are intact.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "task_wait.h"
#include "ksm_helpers.h"

#define NPAGES 32

static size_t psz;
static long shared0, sharing0;
static pid_t pids[2];

static int check(const unsigned char *m, int b_wrote)
{
	int i;
	size_t j;

	for (i = 0; i < NPAGES; i++)
		for (j = 0; j < psz; j++)
			if (m[i * psz + j] != (b_wrote && !i ? 0xee : i + 1))
				return i;
	return -1;
}

static void proc(int who)
{
	unsigned char *m = SAFE_MMAP(NULL, NPAGES * psz,
				     PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i, bad;

	for (i = 0; i < NPAGES; i++)
		memset(m + i * psz, i + 1, psz);
	if (madvise(m, NPAGES * psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	TST_CHECKPOINT_WAKE(0);

	/* merged */
	TST_CHECKPOINT_WAIT(1 + who);
	bad = check(m, 0);
	TST_EXP_EXPR(bad < 0, "%c: merged pages read back (bad page %d)",
		     'A' + who, bad);
	if (who == 1)
		memset(m, 0xee, psz);
	TST_CHECKPOINT_WAKE(0);

	/* after B's write */
	TST_CHECKPOINT_WAIT(1 + who);
	bad = check(m, who == 1);
	TST_EXP_EXPR(bad < 0, "%c: after B's copy on write (bad page %d)",
		     'A' + who, bad);
	if (who == 0 && madvise(m, NPAGES * psz, MADV_UNMERGEABLE))
		tst_res(TFAIL | TERRNO, "madvise(MADV_UNMERGEABLE)");
	TST_CHECKPOINT_WAKE(0);

	TST_CHECKPOINT_WAIT(1 + who);
	bad = check(m, who == 1);
	TST_EXP_EXPR(bad < 0, "%c: after A's unmerge (bad page %d)",
		     'A' + who, bad);
	exit(0);
}

static void step(void)
{
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(0);
	TST_CHECKPOINT_WAKE(2);
	TST_CHECKPOINT_WAIT(0);
}

static void run(void)
{
	int i;

	ksm_reset();
	shared0 = ksm_val("pages_shared");
	sharing0 = ksm_val("pages_sharing");
	for (i = 0; i < 2; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			proc(i);
		TST_CHECKPOINT_WAIT(0);
	}
	if (ksm_settle(shared0, NPAGES, sharing0, NPAGES, "A and B merged")) {
		TST_EXP_EQ_LI(ksm_merging(pids[0]), NPAGES);
		TST_EXP_EQ_LI(ksm_merging(pids[1]), NPAGES);
	}
	step();
	/* Page 0's KSM page is A's alone now: still shared, one less sharer */
	if (ksm_settle(shared0, NPAGES, sharing0, NPAGES - 1, "B wrote its page 0")) {
		TST_EXP_EQ_LI(ksm_merging(pids[0]), NPAGES);
		TST_EXP_EQ_LI(ksm_merging(pids[1]), NPAGES - 1);
	}
	step();
	/* B keeps its 31 KSM pages, no longer shared with anyone */
	if (ksm_settle(shared0, NPAGES - 1, sharing0, 0, "A unmerged")) {
		TST_EXP_EQ_LI(ksm_merging(pids[0]), 0);
		TST_EXP_EQ_LI(ksm_merging(pids[1]), NPAGES - 1);
	}
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAKE(2);
	reap_child(pids[0]);
	reap_child(pids[1]);
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
