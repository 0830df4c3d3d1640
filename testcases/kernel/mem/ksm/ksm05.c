// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ksmd racing exiting processes (CVE-2011-2183: an mm leaving the KSM
 * list while scan_get_next_rmap_item() stepped to it made ksmd follow the
 * list head as an mm slot, a NULL pointer dereference; fixed in 3.0 by
 * "ksm: fix NULL pointer dereference in scan_get_next_rmap_item()").
 *
 * With ksmd scanning without sleeping (sleep_millisecs 0), batches of 8
 * short-lived processes map 32 MADV_MERGEABLE pages (16 the same in all,
 * 16 of one byte), wait until ksmd has ended a full scan with them on its
 * list, and leave in different ways: exit() at once, munmap() first,
 * fork() a child that exits at once (the mm slot copied), or after a
 * busy wait of a few hundred microseconds, for 3 s of batches:
 *  - every process exits 0, the kernel gains no D (oops) or W (warning)
 *    taint (.taint_check);
 *  - once they are gone and ksmd has scanned 3 times, pages_shared and
 *    pages_sharing are back to 0: no KSM page or count was leaked;
 *  - ksmd still works: two new processes of the same 32 pages merge into
 *    pages_shared 17 (16 same pages, one page of 0x77) and pages_sharing
 *    47 (16, and 31 more mappings of the 0x77 page).
 */
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "ksm_helpers.h"

#define BATCH 8
#define NPAGES 32
#define RACE_MS 3000

static size_t psz;

static unsigned char *map_fill(void)
{
	unsigned char *m = SAFE_MMAP(NULL, NPAGES * psz,
				     PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i;

	for (i = 0; i < NPAGES; i++)
		memset(m + i * psz, i < NPAGES / 2 ? i + 1 : 0x77, psz);
	if (madvise(m, NPAGES * psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	return m;
}

static void short_lived(int kind)
{
	unsigned char *m = map_fill();
	long long until;
	pid_t pid;

	/* ksmd has this mm on its list and passed it at least once */
	ksm_wait_scans(1);
	switch (kind) {
	case 0:
		break;
	case 1:
		SAFE_MUNMAP(m, NPAGES * psz);
		break;
	case 2:
		pid = SAFE_FORK();
		if (!pid)
			_exit(0);
		reap_child(pid);
		break;
	default:
		until = tst_mono_ns() + 100000LL * kind;
		while (tst_mono_ns() < until)
			;
	}
	exit(0);
}

static void merging_pair(void)
{
	pid_t pids[2];
	int i;

	for (i = 0; i < 2; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			map_fill();
			TST_CHECKPOINT_WAKE(0);
			TST_CHECKPOINT_WAIT(1);
			exit(0);
		}
		TST_CHECKPOINT_WAIT(0);
	}
	/* 16 same pages; the 16 pages of 0x77 of both: one KSM page */
	ksm_settle(0, NPAGES / 2 + 1, 0, NPAGES / 2 + NPAGES - 1,
		   "ksmd merges after the race");
	TST_CHECKPOINT_WAKE2(1, 2);
	for (i = 0; i < 2; i++)
		reap_child(pids[i]);
}

static void run(void)
{
	long long end = tst_mono_ms() + RACE_MS;
	pid_t pids[BATCH];
	long procs = 0;
	int i;

	while (tst_mono_ms() < end) {
		for (i = 0; i < BATCH; i++) {
			pids[i] = SAFE_FORK();
			if (!pids[i])
				short_lived(i);
		}
		for (i = 0; i < BATCH; i++)
			reap_child(pids[i]);
		procs += BATCH;
	}
	tst_res(TINFO, "%ld short-lived KSM processes exited, %ld full scans",
		procs, ksm_val("full_scans"));
	ksm_settle(0, 0, 0, 0, "all gone");
	merging_pair();
}

static void setup(void)
{
	psz = getpagesize();
	ksm_keep_scanning();
	ksm_set("run", "2");
	if (ksm_val("pages_shared") || ksm_val("pages_sharing"))
		tst_brk(TBROK, "KSM pages left after run 2");
	ksm_set("run", "1");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 300,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.save_restore = (const struct tst_path_val[]) {
		{KSM "run", "1", TST_SR_TCONF_MISSING},
		{KSM "sleep_millisecs", "0", TST_SR_TCONF_MISSING},
		{KSM "pages_to_scan", "4000", TST_SR_TCONF_MISSING},
		{KSM "use_zero_pages", "0", TST_SR_SKIP_MISSING},
		{KSM "smart_scan", "0", TST_SR_SKIP_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
	.tags = (const struct tst_tag[]) {
		{"CVE", "2011-2183"},
		{}
	},
};
