// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MADV_COLLAPSE (6.1) is not bound by khugepaged's limits nor by the
 * sysfs mode (mm/khugepaged.c madvise_collapse(): is_khugepaged false),
 * but it still keeps a userfaultfd's missing pages missing. With
 * enabled=never (khugepaged idle) and max_ptes_none, max_ptes_shared and
 * max_ptes_swap all 0 (saved and restored), on PMD extents that are VMAs
 * of their own:
 *  - an extent with its first 100 pages never faulted in collapses
 *    (AnonHugePages the whole extent), the 100 pages read zeros and the
 *    rest keep their data;
 *  - an extent shared whole with a forked child is EINVAL and stays
 *    small: no PTE is writable (hpage_collapse_scan_pmd() SCAN_PAGE_RO);
 *    with one page copied on write it collapses in the parent with 511
 *    pages shared; the parent's writes afterwards never reach the child,
 *    which reads its data as before the fork;
 *  - an extent with 64 pages on a swap file of the test's own (counted
 *    in /proc/self/pagemap) collapses, the pages are swapped in (smaps
 *    Swap 0, no swap entry left) with their data;
 *  - an extent registered with userfaultfd (MISSING) with one page never
 *    faulted in is refused (EINVAL in 6.1, EBUSY in 6.12) and stays
 *    small with that page still not resident (filling it would bypass
 *    the userfaultfd);
 *    after the userfaultfd is closed the same call collapses it;
 *  - a range with no whole PMD extent inside succeeds and collapses
 *    nothing; an aligned extent collapses, and collapsing it again is 0;
 *    a range running over an unmapped gap is ENOMEM, and the extent
 *    past the gap is collapsed all the same;
 *  - thp_collapse_alloc in /proc/vmstat grows by at least the 5
 *    collapses.
 * A limit applied to MADV_COLLAPSE, a collapse that loses shared or
 * swapped data, or one that fills a userfaultfd hole fails here.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "lapi/userfaultfd.h"
#include "vm_helpers.h"
#include "thp_collapse.h"

#define KHP_DIR		THP_DIR "khugepaged/"
#define HOLES		100
#define SWAPPED		64
#define NEXT		6

static size_t hp, pg, nr;

static int collapse(void *addr, size_t len)
{
	return madvise(addr, len, MADV_COLLAPSE);
}

static long huge_kb(char *e)
{
	return smaps_kb(e, "AnonHugePages");
}

static void check_huge(const char *what, char *e)
{
	long kb = huge_kb(e);

	TST_EXP_EXPR(kb == (long)(hp / 1024), "%s: collapsed (AnonHugePages "
		     "%ld kB)", what, kb);
}

static void check_data(const char *what, const char *e, size_t skip,
		       unsigned int seed)
{
	long bad = bad_extent(e, nr, skip, seed);

	TST_EXP_EXPR(bad < 0, "%s: data intact (first bad page %ld)", what,
		     bad);
}

static void case_holes(char *e)
{
	fill_extent(e, nr, HOLES, 50);
	TST_EXP_PASS(collapse(e, hp), "MADV_COLLAPSE of %d holes with "
		     "max_ptes_none 0", HOLES);
	check_huge("holes", e);
	check_data("holes (zeros in them)", e, HOLES, 50);
}

static void case_shared(char *e)
{
	pid_t pid;

	fill_extent(e, nr, 0, 51);
	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		check_data("child, after the parent's collapse and writes",
			   e, 0, 51);
		exit(0);
	}
	/* After fork() every PTE is write-protected for COW */
	TST_EXP_FAIL(collapse(e, hp), EINVAL, "MADV_COLLAPSE of %zu shared "
		     "pages, none writable", nr);
	TST_EXP_EQ_LI(huge_kb(e), 0);
	/* Rewriting the last page with its bytes copies it: one writable */
	fill_pages((unsigned char *)e, nr - 1, nr, 1, 51);
	TST_EXP_PASS(collapse(e, hp), "MADV_COLLAPSE of %zu pages shared "
		     "with a child and one written, max_ptes_shared 0",
		     nr - 1);
	check_huge("shared", e);
	check_data("shared, parent", e, 0, 51);
	fill_extent(e, nr, 0, 52);
	TST_CHECKPOINT_WAKE(0);
	wait_child(pid);
}

static void case_swap(char *e)
{
	long sw;

	fill_extent(e, nr, 0, 53);
	swap_out_exactly(e, nr, SWAPPED);
	TST_EXP_PASS(collapse(e, hp), "MADV_COLLAPSE of %d swapped pages, "
		     "max_ptes_swap 0", SWAPPED);
	check_huge("swapped", e);
	sw = smaps_kb(e, "Swap");
	TST_EXP_EXPR(sw == 0 && swapped_pages(e, nr) == 0,
		     "swapped in by the collapse (Swap %ld kB, %zu swap "
		     "entries)", sw, swapped_pages(e, nr));
	check_data("swapped", e, 0, 53);
}

static void case_uffd(char *e)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)e, .len = hp },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	int uffd;

	fill_extent(e, nr, 1, 54);
	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0) {
		tst_res(TCONF | TERRNO, "userfaultfd(): no userfaultfd case");
		return;
	}
	if (ioctl(uffd, UFFDIO_API, &api) ||
	    ioctl(uffd, UFFDIO_REGISTER, &reg))
		tst_brk(TBROK | TERRNO, "UFFDIO_API/UFFDIO_REGISTER");
	/*
	 * SCAN_EXCEED_NONE_PTE: madvise_collapse_errno() gives EINVAL in
	 * 6.1, EBUSY in 6.12; either refuses, and nothing else does.
	 */
	TEST(collapse(e, hp));
	if (TST_RET == -1 && (TST_ERR == EINVAL || TST_ERR == EBUSY))
		tst_res(TPASS | TTERRNO, "MADV_COLLAPSE of a userfaultfd "
			"MISSING range with a hole refused");
	else
		tst_res(TFAIL | TTERRNO, "MADV_COLLAPSE of a userfaultfd "
			"MISSING range with a hole returned %ld, not EINVAL "
			"or EBUSY", TST_RET);
	TST_EXP_EQ_LI(huge_kb(e), 0);
	TST_EXP_EQ_LU(resident_pages(e, hp), nr - 1);
	SAFE_CLOSE(uffd);
	TST_EXP_PASS(collapse(e, hp), "MADV_COLLAPSE once the userfaultfd "
		     "is closed");
	check_huge("the former userfaultfd range", e);
	check_data("the former userfaultfd range", e, 1, 54);
}

static void case_ranges(char **ext)
{
	char *e = ext[4];

	fill_extent(e, nr, 0, 55);
	TST_EXP_PASS(collapse(e + pg, hp - pg), "MADV_COLLAPSE of a range "
		     "with no whole extent");
	TST_EXP_EQ_LI(huge_kb(e), 0);
	TST_EXP_PASS(collapse(e, hp), "MADV_COLLAPSE of the aligned extent");
	check_huge("aligned", e);
	TST_EXP_PASS(collapse(e, hp), "MADV_COLLAPSE of a huge page");
	check_huge("collapsed again", e);
	check_data("aligned", e, 0, 55);
	/* ext[5] lies one unmapped extent past ext[4] */
	fill_extent(ext[5], nr, 0, 56);
	TST_EXP_FAIL(collapse(e, ext[5] + hp - e), ENOMEM,
		     "MADV_COLLAPSE over an unmapped gap");
	/* madvise() goes on past the gap: the extent after it is advised */
	check_huge("the extent past the gap", ext[5]);
	check_data("the extent past the gap", ext[5], 0, 56);
}

static void run(void)
{
	long allocs = tst_read_vmstat("thp_collapse_alloc");
	char *ext[NEXT];
	size_t i;

	thp_map_extents(hp, NEXT, ext);
	for (i = 0; i < NEXT; i++)
		if (huge_kb(ext[i]))
			tst_brk(TBROK, "a fresh extent is huge with "
				"enabled=never");
	case_holes(ext[0]);
	case_shared(ext[1]);
	case_swap(ext[2]);
	case_uffd(ext[3]);
	case_ranges(ext);
	TST_EXP_EXPR(tst_read_vmstat("thp_collapse_alloc") - allocs >= 5,
		     "thp_collapse_alloc grew by %ld",
		     tst_read_vmstat("thp_collapse_alloc") - allocs);
	thp_unmap_extents(ext[0], hp, NEXT);
}

static void setup(void)
{
	hp = thp_pmd_size();
	pg = vm_page_size();
	nr = hp / pg;
	if (madvise(NULL, 0, MADV_COLLAPSE) && errno == EINVAL)
		tst_brk(TCONF, "no MADV_COLLAPSE (before 6.1)");
	/* What MADV_PAGEOUT isolates must not wait in another CPU's batch */
	pin_to_current_cpu();
	SAFE_FILE_PRINTF(THP_DIR "enabled", "never");
	SAFE_FILE_PRINTF(KHP_DIR "max_ptes_none", "0");
	SAFE_FILE_PRINTF(KHP_DIR "max_ptes_shared", "0");
	SAFE_FILE_PRINTF(KHP_DIR "max_ptes_swap", "0");
	swap_file_on(0, 8, 32767);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = swap_files_off,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.min_mem_avail_mb = 64,
	.timeout = 120,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "max_ptes_none", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "max_ptes_shared", NULL, TST_SR_TCONF_MISSING},
		{KHP_DIR "max_ptes_swap", NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", "CONFIG_SWAP", NULL
	},
};
