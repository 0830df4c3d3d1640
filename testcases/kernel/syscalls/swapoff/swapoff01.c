// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * swapoff() of an active swap file (written by the test, version 1
 * header) returns 0 and removes it from /proc/swaps; while it is active a
 * write() to it fails with ETXTBSY, after swapoff() the write succeeds.
 * Errors: EINVAL for a file that is not an active swap area (a second
 * swapoff(), a plain file), EISDIR for a directory, ENOENT for a missing
 * file, EPERM as nobody (and the swap file stays active). A swap file left
 * active is turned off in cleanup.
 */
#include <limits.h>
#include <sys/stat.h>
#include "../swapon/swapfile.h"
#include "../common/as_nobody.h"

static char swap_path[PATH_MAX + 16], plain_path[PATH_MAX + 16];
static char dir_path[PATH_MAX + 16], missing_path[PATH_MAX + 16];

static void swapoff_as_nobody(void)
{
	TST_EXP_FAIL(sys_swapoff(swap_path), EPERM, "swapoff() as nobody");
}

static void run(void)
{
	char byte = 0;
	int fd;

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
	TST_EXP_FAIL(sys_swapoff(plain_path), EINVAL,
		     "swapoff() of a file never swapped on");
	TST_EXP_FAIL(sys_swapoff(dir_path), EISDIR,
		     "swapoff() of a directory");
	TST_EXP_FAIL(sys_swapoff(missing_path), ENOENT,
		     "swapoff() of a missing file");
}

static void setup(void)
{
	char dir[PATH_MAX];

	if (!realpath(tst_tmpdir_path, dir))
		tst_brk(TBROK | TERRNO, "realpath(%s)", tst_tmpdir_path);
	snprintf(swap_path, sizeof(swap_path), "%s/swapfile", dir);
	snprintf(plain_path, sizeof(plain_path), "%s/plainfile", dir);
	snprintf(dir_path, sizeof(dir_path), "%s/dir", dir);
	snprintf(missing_path, sizeof(missing_path), "%s/missing", dir);
	make_swapfile(swap_path, 1);
	make_swapfile(plain_path, 0);
	SAFE_MKDIR(dir_path, 0755);
}

static void cleanup(void)
{
	if (swap_path[0] && swaps_entry(swap_path, NULL, NULL) &&
	    sys_swapoff(swap_path))
		tst_res(TWARN | TERRNO, "swapoff(%s) in cleanup", swap_path);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
