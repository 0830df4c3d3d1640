// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * swapon() of a swap file the test wrote itself (version 1 header,
 * "SWAPSPACE2", 256 pages), on every filesystem of the matrix
 * (.all_filesystems; upstream's swapon01 too): it then appears in
 * /proc/swaps with last_page pages (the header page is not used; on
 * ext2/3/4 with 1 KiB blocks the pages its extents hold whole, computed
 * from FS_IOC_FIEMAP; on vfat, exFAT and ntfs3, mapped through ->bmap,
 * pages whose blocks are not page-aligned on the device are left out: 1
 * to last_page pages there)
 * and the default negative priority, swapoff() removes it; with
 * SWAP_FLAG_PREFER and the highest priority, 32767, it is listed with
 * that priority, and 64 anonymous pages pushed out with MADV_PAGEOUT land
 * in it (its Used column grows) and read back intact from it. Errors:
 * EBUSY for a file already active, EINVAL for a file without the swap
 * signature and for unknown flags, EISDIR for a directory (it is opened
 * read-write), ENOENT for a missing file, EPERM as nobody; on btrfs
 * EINVAL for a copy-on-write swap file (the one used is NOCOW); on tmpfs
 * EINVAL for the swap file itself (swap_matrix.h), the cases that need an
 * active area are then TCONF. A swap file left active is turned off in
 * cleanup. This changes the system's swap: guest only.
 */
#include <limits.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/mman.h>
#include "swap_matrix.h"
#include "as_nobody.h"

#define UNKNOWN_FLAG (1 << 24)
#define MAX_PRIO 32767
#define OUT_PAGES 64


static void check_listed(long want_prio)
{
	long size = -1, prio = 0;
	long want_kb = (SWAP_PAGES - 1) * (getpagesize() / 1024);

	if (!swaps_entry(swap_path, &size, &prio)) {
		tst_res(TFAIL, "%s not in /proc/swaps after swapon()",
			swap_path);
		return;
	}
	if (swap_fs_generic()) {
		TST_EXP_EXPR(size > 0 && size <= want_kb, "%s: /proc/swaps "
			     "size %ld KiB, 1 page to %ld KiB", tst_fs_type,
			     size, want_kb);
	} else {
		if (!fs_is("btrfs"))
			want_kb = swap_iomap_kb(swap_path);
		tst_res(size == want_kb ? TPASS : TFAIL, "/proc/swaps size %ld "
			"KiB, expected %ld KiB", size, want_kb);
	}
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

/* Anonymous pages pushed out land in the swap file and come back. */
static void check_pageout(void)
{
	long psz = getpagesize(), used, i, bad = 0;
	char *map;

	map = SAFE_MMAP(NULL, OUT_PAGES * psz, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < OUT_PAGES * psz; i++)
		map[i] = (i / psz + i) % 251;
	if (madvise(map, OUT_PAGES * psz, MADV_PAGEOUT)) {
		tst_res(TCONF | TERRNO, "madvise(MADV_PAGEOUT)");
		SAFE_MUNMAP(map, OUT_PAGES * psz);
		return;
	}
	used = swaps_used_kb(swap_path);
	TST_EXP_EXPR(used > 0, "%s: %ld KiB of the swap file used after "
		     "MADV_PAGEOUT of %ld pages", tst_fs_type, used,
		     (long)OUT_PAGES);
	for (i = 0; i < OUT_PAGES * psz; i++)
		bad += map[i] != (char)((i / psz + i) % 251);
	TST_EXP_EXPR(!bad, "the pages read back from swap (%ld bytes wrong)",
		     bad);
	SAFE_MUNMAP(map, OUT_PAGES * psz);
}

static void swapon_as_nobody(void)
{
	TST_EXP_FAIL(sys_swapon(swap_path, 0), EPERM, "swapon() as nobody");
}

static void run(unsigned int n)
{
	if (!swap_fs_can() && n < 2) {
		if (!n)
			swap_check_refused();
		else
			tst_res(TCONF, "%s holds no swap file", tst_fs_type);
		return;
	}
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
		TST_EXP_PASS(sys_swapon(swap_path, SWAP_FLAG_PREFER |
					MAX_PRIO), "swapon(SWAP_FLAG_PREFER | "
			     "32767)");
		if (!TST_PASS)
			return;
		check_listed(MAX_PRIO);
		check_pageout();
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
		if (fs_is("btrfs"))
			TST_EXP_FAIL(sys_swapon(cow_path, 0), EINVAL, "btrfs: "
				     "swapon() of a copy-on-write swap file");
		run_in_nobody_child(swapon_as_nobody, "EPERM checks");
		TST_EXP_EXPR(!swaps_entry(plain_path, NULL, NULL) &&
			     !swaps_entry(swap_path, NULL, NULL) &&
			     !swaps_entry(cow_path, NULL, NULL),
			     "failed swapon() calls activated nothing");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = swap_matrix_setup,
	.cleanup = swap_matrix_cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
