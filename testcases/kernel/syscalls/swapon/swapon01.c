// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * swapon() of a swap file the test wrote itself (version 1 header,
 * "SWAPSPACE2", 256 pages) on the tmpdir's file system: it then appears in
 * /proc/swaps with last_page pages (the header page is not used) and the
 * default negative priority, swapoff() removes it; with SWAP_FLAG_PREFER
 * and priority 7 it is listed with priority 7. Errors: EBUSY for a file
 * already active, EINVAL for a file without the swap signature and for
 * unknown flags, EISDIR for a directory (it is opened read-write), ENOENT
 * for a missing file, EPERM as nobody. A swap file left active is turned
 * off in cleanup.
 */
#include <limits.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include "swapfile.h"
#include "as_nobody.h"

#define UNKNOWN_FLAG (1 << 24)


static void check_listed(long want_prio)
{
	long size = -1, prio = 0;
	long want_kb = (SWAP_PAGES - 1) * (getpagesize() / 1024);

	if (!swaps_entry(swap_path, &size, &prio)) {
		tst_res(TFAIL, "%s not in /proc/swaps after swapon()",
			swap_path);
		return;
	}
	tst_res(size == want_kb ? TPASS : TFAIL, "/proc/swaps size %ld KiB, "
		"expected %ld KiB", size, want_kb);
	if (want_prio >= 0)
		TST_EXP_EQ_LI(prio, want_prio);
	else
		TST_EXP_EXPR(prio < 0, "default priority %ld is negative",
			     prio);
}

static void check_gone(void)
{
	TST_EXP_EXPR(!swaps_entry(swap_path, NULL, NULL),
		     "%s is not in /proc/swaps after swapoff()", swap_path);
}

static void swapon_as_nobody(void)
{
	TST_EXP_FAIL(sys_swapon(swap_path, 0), EPERM, "swapon() as nobody");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		TST_EXP_PASS(sys_swapon(swap_path, 0), "swapon(%s, 0)",
			     swap_path);
		if (!TST_PASS)
			return;
		check_listed(-1);
		TST_EXP_FAIL(sys_swapon(swap_path, 0), EBUSY,
			     "swapon() of an active swap file");
		TST_EXP_PASS(sys_swapoff(swap_path));
		check_gone();
		break;
	case 1:
		TST_EXP_PASS(sys_swapon(swap_path, SWAP_FLAG_PREFER | 7),
			     "swapon(SWAP_FLAG_PREFER | 7)");
		if (!TST_PASS)
			return;
		check_listed(7);
		TST_EXP_PASS(sys_swapoff(swap_path));
		check_gone();
		break;
	case 2:
		TST_EXP_FAIL(sys_swapon(plain_path, 0), EINVAL,
			     "swapon() of a file without swap signature");
		TST_EXP_FAIL(sys_swapon(swap_path, UNKNOWN_FLAG), EINVAL,
			     "swapon() with unknown flag 0x%x", UNKNOWN_FLAG);
		TST_EXP_FAIL(sys_swapon(dir_path, 0), EISDIR,
			     "swapon() of a directory");
		TST_EXP_FAIL(sys_swapon(missing_path, 0), ENOENT,
			     "swapon() of a missing file");
		run_in_nobody_child(swapon_as_nobody, "EPERM checks");
		TST_EXP_EXPR(!swaps_entry(plain_path, NULL, NULL) &&
			     !swaps_entry(swap_path, NULL, NULL),
			     "failed swapon() calls activated nothing");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = swap_setup,
	.cleanup = swap_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
