// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * migrate_pages() of KSM pages between two nodes A and B, back and forth.
 * 16 MADV_MERGEABLE private pages bound to A hold 4 distinct contents,
 * each in 4 pages; ksmd (run 1, scanning fast; the sysfs values are saved
 * and restored) merges them until /proc/self/ksm_merging_pages reads 16;
 * then ksmd is stopped (run 0: the pages stay merged) so that no scan
 * holds them while they move. Then, 20 times, migrate_pages() of the process from the node the pages
 * are on to the other (root: MPOL_MF_MOVE_ALL, so KSM pages mapped 4
 * times move too) succeeds, and afterwards every page is on the target
 * node (move_pages() of nodes NULL) and reads back its content; the
 * kernel gains no W or D taint. migrate_pages() is best effort, so a
 * round asks again (up to 10 times) while it returns pages not moved.
 * Before 4b0ece6fa016 ("mm: migrate: fix remove_migration_pte() for ksm
 * pages") the migration entries of a KSM page were put back at the wrong
 * addresses, so that its other mappings kept migration entries: the
 * pages could not be reached any more, or the migration broke.
 * One node: TCONF (ltp-vm --numa 2).
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "numa_raw.h"
#include "task_wait.h"
#include "vm_helpers.h"

#define KSM "/sys/kernel/mm/ksm/"
#define NPAGES 16
#define KINDS 4
#define ROUNDS 20

static size_t pg;
static int node_a, node_b;
static struct numa_mask mask_a, mask_b;
static unsigned char *mem;
static void *pages[NPAGES];

static long merging(void)
{
	long val;

	if (!tst_file_read_long("/proc/self/ksm_merging_pages", &val))
		tst_brk(TCONF, "no /proc/self/ksm_merging_pages (Linux 5.19)");
	return val;
}

static int bad_page(void)
{
	int i;
	size_t j;

	for (i = 0; i < NPAGES; i++)
		for (j = 0; j < pg; j++)
			if (mem[i * pg + j] != i % KINDS + 1)
				return i;
	return -1;
}

static int pages_on(int node)
{
	int status[NPAGES], i;

	numa_where(pages, NPAGES, status);
	for (i = 0; i < NPAGES; i++) {
		if (status[i] != node) {
			tst_res(TINFO, "page %d: status %d, not node %d", i,
				status[i], node);
			return 0;
		}
	}
	return 1;
}

static void wait_merged(void)
{
	long long deadline = task_wait_now_ms() + 60000 * tst_timeout_mul();
	long n;

	while ((n = merging()) < NPAGES) {
		if (task_wait_now_ms() > deadline)
			tst_brk(TBROK, "ksmd merged %ld of %d pages in 60 s",
				n, NPAGES);
		usleep(10000);
	}
	tst_res(TINFO, "ksmd merged the %d pages into %d KSM pages", NPAGES,
		KINDS);
	/* run 0: ksmd stops and the pages stay merged; no scan holds them */
	SAFE_FILE_PRINTF(KSM "run", "0");
}

/*
 * migrate_pages() is best effort: a page someone holds a reference to at
 * that moment is left where it is and counted in the return value. Ask
 * again, a few times, while it returns pages not moved.
 */
static long migrate(const struct numa_mask *from, const struct numa_mask *to)
{
	long ret;
	int tries = 0;

	do {
		ret = migrate_pages_raw(0, NUMA_MAXNODE_IN, from->b, to->b);
	} while (ret > 0 && ++tries < 10);
	return ret;
}

static void run(void)
{
	int i, on_b, ok = 1;
	long ret;

	if (!pages_on(node_a))
		tst_brk(TBROK, "the pages are not all on node %d", node_a);
	for (i = 0; i < ROUNDS && ok; i++) {
		on_b = i % 2;
		ret = migrate(on_b ? &mask_b : &mask_a,
			      on_b ? &mask_a : &mask_b);
		if (ret < 0) {
			tst_res(TFAIL | TERRNO, "round %d: migrate_pages(%d to "
				"%d)", i, on_b ? node_b : node_a,
				on_b ? node_a : node_b);
			ok = 0;
		} else if (!pages_on(on_b ? node_a : node_b)) {
			tst_res(TFAIL, "round %d: not every KSM page moved to "
				"node %d", i, on_b ? node_a : node_b);
			ok = 0;
		} else if (bad_page() >= 0) {
			tst_res(TFAIL, "round %d: page %d lost its content", i,
				bad_page());
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "%d migrations of %d pages merged into %d KSM "
			"pages between nodes %d and %d: all moved, contents "
			"kept", ROUNDS, NPAGES, KINDS, node_a, node_b);
	/* back on A for the next iteration */
	if (!pages_on(node_a) && migrate(&mask_b, &mask_a) < 0)
		tst_brk(TBROK | TERRNO, "migrate_pages(%d to %d)", node_b,
			node_a);
}

static void setup(void)
{
	int i;

	numa_two_nodes(&node_a, &node_b);
	mask_a = numa_mask_of(node_a);
	mask_b = numa_mask_of(node_b);
	pg = getpagesize();
	mem = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	vm_no_thp(mem, NPAGES * pg);
	if (mbind_raw(mem, NPAGES * pg, MPOL_BIND, mask_a.b, NUMA_MAXNODE_IN,
		      0))
		tst_brk(TBROK | TERRNO, "mbind(BIND to %d)", node_a);
	for (i = 0; i < NPAGES; i++) {
		pages[i] = mem + i * pg;
		memset(pages[i], i % KINDS + 1, pg);
	}
	if (madvise(mem, NPAGES * pg, MADV_MERGEABLE))
		tst_brk(errno == EINVAL ? TCONF | TERRNO : TBROK | TERRNO,
			"madvise(MADV_MERGEABLE)");
	wait_merged();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.save_restore = (const struct tst_path_val[]) {
		{KSM "run", "1", TST_SR_TCONF_MISSING},
		{KSM "sleep_millisecs", "10", TST_SR_TCONF_MISSING},
		{KSM "pages_to_scan", "1000", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.tags = (const struct tst_tag[]) {
		/* mm: migrate: fix remove_migration_pte() for ksm pages */
		{"linux-git", "4b0ece6fa016"},
		{}
	},
};
