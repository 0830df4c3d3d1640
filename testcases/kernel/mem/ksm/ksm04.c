// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM's max_page_sharing limit (ksmd run 1, scanning fast; the knobs are
 * restored after, max_page_sharing once run 2 has removed every KSM page,
 * as the kernel requires):
 *  - max_page_sharing below 2 is EINVAL; another value while KSM pages
 *    exist is EBUSY, and the value stays;
 *  - with max_page_sharing 2, five processes each map the same 8
 *    MADV_MERGEABLE pages (page i filled with i + 1): every content gets
 *    two KSM pages of two sharers (processes 0+1 and 2+3) and process 4
 *    stays unmerged, as no KSM page may take a third sharer:
 *    pages_shared 16, pages_sharing 16, stable_node_chains 8,
 *    stable_node_dups 16, ksm_merging_pages 8 in processes 0-3 and 0 in
 *    process 4; all the data read back unchanged;
 *  - when process 1 exits, its KSM pages keep one sharer (process 0) and
 *    process 4 may now join them: pages_shared 16, pages_sharing 16
 *    again, process 4's ksm_merging_pages 8.
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "ksm_helpers.h"

#define NPROC 5
#define NPAGES 8

static size_t psz;
static pid_t pids[NPROC];
static long mps_orig = -1;

static void proc(int who)
{
	unsigned char *m = SAFE_MMAP(NULL, NPAGES * psz,
				     PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i, step;
	size_t j;

	for (i = 0; i < NPAGES; i++)
		memset(m + i * psz, i + 1, psz);
	if (madvise(m, NPAGES * psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	TST_CHECKPOINT_WAKE(0);

	for (step = 0; step < 2; step++) {
		TST_CHECKPOINT_WAIT(1 + who);
		for (i = 0; i < NPAGES; i++)
			for (j = 0; j < psz; j++)
				if (m[i * psz + j] != i + 1) {
					tst_res(TFAIL, "process %d: page %d "
						"changed", who, i);
					i = NPAGES;
					break;
				}
		TST_CHECKPOINT_WAKE(0);
		if (who == 1)
			break;
	}
	exit(0);
}

static void step(int who)
{
	TST_CHECKPOINT_WAKE(1 + who);
	TST_CHECKPOINT_WAIT(0);
}

static int mps_write(const char *val)
{
	return ksm_write("max_page_sharing", val);
}

static void run(void)
{
	long got;
	int i;

	TST_EXP_FAIL(mps_write("1"), EINVAL, "max_page_sharing 1");
	TST_EXP_FAIL(mps_write("-1"), EINVAL, "max_page_sharing -1");

	for (i = 0; i < NPROC; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			proc(i);
		TST_CHECKPOINT_WAIT(0);
	}
	if (ksm_settle(0, 2 * NPAGES, 0, 2 * NPAGES, "max_page_sharing 2")) {
		TST_EXP_EQ_LI(ksm_val("stable_node_chains"), NPAGES);
		TST_EXP_EQ_LI(ksm_val("stable_node_dups"), 2 * NPAGES);
		for (i = 0; i < NPROC; i++) {
			long want = i < 4 ? NPAGES : 0;

			got = ksm_merging(pids[i]);
			TST_EXP_EXPR(got == want, "process %d: "
				     "ksm_merging_pages %ld (expected %ld)",
				     i, got, want);
		}
	}
	TST_EXP_FAIL(mps_write("3"), EBUSY,
		     "max_page_sharing 3 with KSM pages present");
	TST_EXP_EQ_LI(ksm_val("max_page_sharing"), 2);
	for (i = 0; i < NPROC; i++)
		step(i);

	reap_child(pids[1]);
	if (ksm_settle(0, 2 * NPAGES, 0, 2 * NPAGES, "process 1 gone")) {
		got = ksm_merging(pids[4]);
		TST_EXP_EXPR(got == NPAGES, "process 4: ksm_merging_pages "
			     "%ld (expected %d)", got, NPAGES);
	}
	for (i = 0; i < NPROC; i++) {
		if (i == 1)
			continue;
		step(i);
		reap_child(pids[i]);
	}
}

static void setup(void)
{
	psz = getpagesize();
	if (ksm_merging(getpid()) < 0)
		tst_brk(TCONF, "no /proc/PID/ksm_merging_pages (before 5.19)");
	mps_orig = ksm_val("max_page_sharing");
	ksm_reset();
	/* max_page_sharing is EBUSY while KSM pages exist: set it in run 2 */
	ksm_set("run", "2");
	ksm_set("max_page_sharing", "2");
	ksm_set("run", "1");
}

static void cleanup(void)
{
	char buf[32];

	if (mps_orig < 0)
		return;
	/* The kernel takes a new value only without KSM pages. */
	ksm_set("run", "2");
	snprintf(buf, sizeof(buf), "%ld", mps_orig);
	if (mps_write(buf))
		tst_res(TWARN | TERRNO, "restoring max_page_sharing %ld",
			mps_orig);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		KSM_SAVE_RESTORE,
		{KSM "max_page_sharing", NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
};
