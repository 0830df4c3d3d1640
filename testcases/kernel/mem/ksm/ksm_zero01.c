// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KSM with use_zero_pages 1: pages full of zeros are merged with the
 * kernel's zero page, not into KSM pages (ksmd run 1 after run 2 removed
 * every KSM page, scanning fast; the knobs restored after). A process maps 40 MADV_MERGEABLE pages: 32
 * written (so they are its own anonymous pages) then cleared to zero, 8
 * filled with 0x5a:
 *  - the 8 pages merge into one KSM page (pages_shared +1, pages_sharing
 *    +7) and the 32 zero pages add nothing to either counter;
 *  - each of the 32 pages now maps the zero page: /proc/self/pagemap
 *    gives them the frame a read fault of an untouched anonymous page
 *    maps, the mapping's Anonymous in smaps drops to the 8 KSM-backed
 *    pages (32 kB at 4 KiB pages), and the pages read as zeros;
 *  - where the kernel counts them (ksm_zero_pages in /sys/kernel/mm/ksm
 *    and /proc/PID/ksm_stat, 6.10 and later) both read 32;
 *  - a write to one of them gives a private page with the data written
 *    (Anonymous +1 page, the others still the zero page and zeros;
 *    ksm_zero_pages 31);
 *  - MADV_UNMERGEABLE keeps every page's data; where ksm_zero_pages
 *    exists it drops to 0 (the kernel unshares the zero pages it placed,
 *    6.6 and later), and once ksmd has rescanned, pages_shared and
 *    pages_sharing are 0 again.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "ksm_helpers.h"
#include "vm_helpers.h"

#define NZERO 32
#define NSAME 8
#define NPAGES (NZERO + NSAME)

static size_t psz;
static long zero_base;

static uint64_t pfn_of(void *addr)
{
	uint64_t ent;
	int fd = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);

	SAFE_PREAD(1, fd, &ent, sizeof(ent),
		   (off_t)((uintptr_t)addr / psz) * sizeof(ent));
	SAFE_CLOSE(fd);
	if (!(ent & (1ULL << 63)))
		return 0;	/* not present */
	return ent & ((1ULL << 55) - 1);
}

static int zero_pages_mapped(unsigned char *m, uint64_t zpfn, int from)
{
	int i, n = 0;

	for (i = from; i < NZERO; i++)
		n += pfn_of(m + i * psz) == zpfn;
	return n;
}

static long first_bad(const unsigned char *m, int wrote)
{
	int i;
	size_t j;

	for (i = 0; i < NPAGES; i++) {
		unsigned char want = i < NZERO ? 0 : 0x5a;

		if (wrote && !i)
			want = 0x33;
		for (j = 0; j < psz; j++)
			if (m[i * psz + j] != want)
				return i;
	}
	return -1;
}

static void check_zero_count(long want, const char *what)
{
	long sys = ksm_val_opt("ksm_zero_pages");
	long own = ksm_stat(getpid(), "ksm_zero_pages");

	if (sys < 0) {
		tst_res(TINFO, "no ksm_zero_pages counter (before 6.10)");
		return;
	}
	TST_EXP_EXPR(sys - zero_base == want, "%s: ksm_zero_pages +%ld "
		     "(expected +%ld)", what, sys - zero_base, want);
	TST_EXP_EXPR(own == want, "%s: ksm_stat ksm_zero_pages %ld "
		     "(expected %ld)", what, own, want);
}

static void proc(void)
{
	unsigned char *m = SAFE_MMAP(NULL, NPAGES * psz,
				     PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile unsigned char *z = SAFE_MMAP(NULL, psz, PROT_READ,
					      MAP_PRIVATE | MAP_ANONYMOUS,
					      -1, 0);
	uint64_t zpfn;
	long anon;

	(void)z[0];
	zpfn = pfn_of((void *)z);
	if (!zpfn)
		tst_brk(TBROK, "no frame for a read-faulted anonymous page");

	memset(m, 1, NZERO * psz);
	memset(m, 0, NZERO * psz);
	memset(m + NZERO * psz, 0x5a, NSAME * psz);
	TST_EXP_EQ_LI(zero_pages_mapped(m, zpfn, 0), 0);
	anon = smaps_kb(m, "Anonymous");
	TST_EXP_EXPR(anon == (long)(NPAGES * psz / 1024),
		     "before merging: Anonymous %ld kB", anon);
	if (madvise(m, NPAGES * psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);

	/* merged: the parent saw the counters settle */
	TST_EXP_EQ_LI(zero_pages_mapped(m, zpfn, 0), NZERO);
	anon = smaps_kb(m, "Anonymous");
	TST_EXP_EXPR(anon == (long)(NSAME * psz / 1024), "merged: "
		     "Anonymous %ld kB (expected %zu)", anon,
		     NSAME * psz / 1024);
	TST_EXP_EQ_LI(first_bad(m, 0), -1);
	check_zero_count(NZERO, "merged");

	memset(m, 0x33, psz);
	TST_EXP_EQ_LI(first_bad(m, 1), -1);
	TST_EXP_EXPR(pfn_of(m) != zpfn, "the written page left the zero page");
	TST_EXP_EQ_LI(zero_pages_mapped(m, zpfn, 1), NZERO - 1);
	anon = smaps_kb(m, "Anonymous");
	TST_EXP_EXPR(anon == (long)((NSAME + 1) * psz / 1024), "after a "
		     "write: Anonymous %ld kB (expected %zu)", anon,
		     (NSAME + 1) * psz / 1024);
	check_zero_count(NZERO - 1, "after a write");

	if (madvise(m, NPAGES * psz, MADV_UNMERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_UNMERGEABLE)");
	TST_EXP_EQ_LI(first_bad(m, 1), -1);
	if (ksm_val_opt("ksm_zero_pages") >= 0) {
		check_zero_count(0, "after MADV_UNMERGEABLE");
		TST_EXP_EQ_LI(zero_pages_mapped(m, zpfn, 1), 0);
	}
	/* the parent waits for ksmd to drop the unmerged KSM page */
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	/* start from no KSM page at all */
	ksm_reset();
	zero_base = ksm_val_opt("ksm_zero_pages");
	pid = SAFE_FORK();
	if (!pid)
		proc();
	TST_CHECKPOINT_WAIT(0);
	ksm_settle(0, 1, 0, NSAME - 1, "8 same pages and 32 zero pages");
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(0);
	ksm_settle(0, 0, 0, 0, "after MADV_UNMERGEABLE");
	TST_CHECKPOINT_WAKE(1);
	reap_child(pid);
}

static void setup(void)
{
	psz = getpagesize();
	if (access(KSM "use_zero_pages", F_OK))
		tst_brk(TCONF, "no %suse_zero_pages (before 4.11)", KSM);
	ksm_keep_scanning();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 300,
	.save_restore = (const struct tst_path_val[]) {
		{KSM "run", "1", TST_SR_TCONF_MISSING},
		{KSM "sleep_millisecs", "10", TST_SR_TCONF_MISSING},
		{KSM "pages_to_scan", "4000", TST_SR_TCONF_MISSING},
		{KSM "use_zero_pages", "1", TST_SR_TCONF_MISSING},
		{KSM "smart_scan", "0", TST_SR_SKIP_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
};
