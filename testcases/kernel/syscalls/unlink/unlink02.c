// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unlink(2) errors, each with its exact errno and the name kept:
 * - EISDIR for a directory (Linux's answer, not POSIX's EPERM),
 * - ENOENT (missing, ""), ENOTDIR (file as directory), ENAMETOOLONG,
 *   ELOOP, EFAULT,
 * - EACCES for nobody in a directory it cannot write,
 * - EPERM for nobody removing root's file from a sticky directory it may
 *   write (mode 01777).
 * - EROFS for a file on a read-only bind mount of a writable filesystem
 *   and on a read-only tmpfs, EBUSY for a file another file is
 *   bind-mounted on (mount_errs.h: the library's ext4 device and mounts
 *   in a private mount namespace); every name and mount stays.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_errs.h"

#define FILE_NAME "unlink02_file"
#define DIR_NAME "unlink02_dir"
#define STICKY "unlink02_sticky"

static void *bad_addr;

static struct tcase {
	const char *path;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ DIR_NAME, EISDIR, "a directory" },
	{ "unlink02_missing", ENOENT, "a missing name" },
	{ "", ENOENT, "an empty path" },
	{ FILE_NAME "/x", ENOTDIR, "a file used as a directory" },
	{ "", ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ "unlink02_loop_a/x", ELOOP, "a symlink loop" },
	{ NULL, EFAULT, "an unmapped path" },
	{ ME_RO_BIND "/file", EROFS, "a file on a read-only bind mount" },
	{ ME_RO_FS "/file", EROFS, "a file on a read-only tmpfs" },
	{ ME_MP_FILE, EBUSY, "a file that is a mount point" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0666, "x");
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(DIR_NAME "/file", 0666, "x");
	SAFE_MKDIR(STICKY, 0777);
	SAFE_CHMOD(STICKY, 01777);
	fsm_create_file(STICKY "/root_file", 0666, "x");
	fsm_make_loop("unlink02_loop_a", "unlink02_loop_b");
	tcases[4].path = fsm_long_path();
	bad_addr = fsm_bad_addr();
	me_setup();
}

static void expect_exists(const char *path)
{
	struct stat st;

	TST_EXP_PASS(lstat(path, &st), "%s still exists", path);
}

static void nobody_cases(void)
{
	TST_EXP_FAIL(unlink(DIR_NAME "/file"), EACCES,
		     "unlink() as nobody in root's mode 0755 directory");
	TST_EXP_FAIL(unlink(STICKY "/root_file"), EPERM,
		     "unlink() as nobody of root's file in a sticky dir");
	expect_exists(DIR_NAME "/file");
	expect_exists(STICKY "/root_file");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_cases);
		return;
	}
	TST_EXP_FAIL(unlink(tc->path ? tc->path : bad_addr), tc->exp_errno,
		     "unlink() of %s", tc->desc);
	if (n == 0)
		expect_exists(DIR_NAME);
	TST_EXP_EXPR(me_layout_intact(), "every name and mount is still there");
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = ME_MNT,
	.dev_fs_type = "ext4",
};
