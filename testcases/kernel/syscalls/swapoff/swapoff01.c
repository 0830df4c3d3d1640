// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On every filesystem of the matrix (.all_filesystems; upstream's
 * swapoff01 too), swapoff() of an active swap file (written by the test,
 * version 1 header, swap_matrix.h) returns 0 and removes it from
 * /proc/swaps; while it is active a write() to it fails with ETXTBSY,
 * after swapoff() the write succeeds.
 * Errors: EINVAL for a file that is not an active swap area (a second
 * swapoff(), a plain file), EISDIR for a directory, ENOENT for a missing
 * file, EPERM as nobody (and the swap file stays active). tmpfs holds no
 * swap file: there swapon() is EINVAL and the errors are asserted
 * without an active area. A swap file left active is turned off in
 * cleanup. This changes the system's swap: guest only.
 */
#include <limits.h>
#include <sys/stat.h>
#include "swap_matrix.h"
#include "as_nobody.h"


static void swapoff_as_nobody(void)
{
	TST_EXP_FAIL(sys_swapoff(swap_path), EPERM, "swapoff() as nobody");
}

static void check_errors(void)
{
	TST_EXP_FAIL(sys_swapoff(plain_path), EINVAL,
		     "swapoff() of a file never swapped on");
	TST_EXP_FAIL(sys_swapoff(dir_path), EISDIR,
		     "swapoff() of a directory");
	TST_EXP_FAIL(sys_swapoff(missing_path), ENOENT,
		     "swapoff() of a missing file");
}

static void run(void)
{
	char byte = 0;
	int fd;

	if (!swap_fs_can()) {
		swap_check_refused();
		TST_EXP_FAIL(sys_swapoff(swap_path), EINVAL,
			     "swapoff() of the refused swap file");
		check_errors();
		return;
	}
	if (sys_swapon(swap_path, 0))
		tst_brk(TBROK | TERRNO, "swapon(%s)", swap_path);
	if (!swaps_entry(swap_path, NULL, NULL))
		tst_brk(TBROK, "%s not in /proc/swaps after swapon()",
			swap_path);

	run_in_nobody_child(swapoff_as_nobody, "EPERM checks");
	TST_EXP_EXPR(swaps_entry(swap_path, NULL, NULL),
		     "swap file still active after swapoff() as nobody");

	fd = SAFE_OPEN(swap_path, O_WRONLY);
	TST_EXP_FAIL(pwrite(fd, &byte, 1, 4096), ETXTBSY,
		     "pwrite() to an active swap file");

	TST_EXP_PASS(sys_swapoff(swap_path), "swapoff(%s)", swap_path);
	TST_EXP_EXPR(!swaps_entry(swap_path, NULL, NULL),
		     "%s is not in /proc/swaps after swapoff()", swap_path);
	TST_EXP_VAL(pwrite(fd, &byte, 1, 4096), 1,
		    "pwrite() after swapoff()");
	SAFE_CLOSE(fd);

	TST_EXP_FAIL(sys_swapoff(swap_path), EINVAL, "second swapoff()");
	check_errors();
}

static struct tst_test test = {
	.test_all = run,
	.setup = swap_matrix_setup,
	.cleanup = swap_matrix_cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
