// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdir(2) errors, each with its exact errno and nothing created:
 * - EEXIST for an existing file, directory and dangling symlink (the
 *   link is not followed to create its target),
 * - ENOENT for a missing parent and for "",
 * - ENOTDIR (file as directory), ENAMETOOLONG (path and single name),
 *   ELOOP, EFAULT,
 * - EACCES for nobody in a directory it cannot write;
 * - on a read-only tmpfs (ro_tmpfs.h) mounted below: EROFS for a new
 *   name, also for nobody (the mount is checked before the directory's
 *   mode: EROFS, not EACCES), with a trailing slash too; EEXIST for a
 *   file, directory or symlink that exists, ENOENT for a missing parent
 *   and ENOTDIR for a file as parent (the lookup comes first); nothing
 *   on it changes.
 * It runs on every filesystem of the matrix: each filesystem's own
 * lookup and mkdir make these answers (vfat, for one, checks a name's
 * length only when it builds the entry, not at lookup). vfat and exFAT
 * have no symlinks: symlink() is EPERM there (asserted) and the dangling
 * symlink and ELOOP cases cannot be made.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fs_matrix.h"
#include "ro_tmpfs.h"

#define FS_FAT "vfat exfat"

#define FILE_NAME "mkdir02_file"
#define DIR_NAME "mkdir02_dir"

static void *bad_addr;

static struct tcase {
	const char *path;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FILE_NAME, EEXIST, "an existing file" },
	{ DIR_NAME, EEXIST, "an existing directory" },
	{ "mkdir02_dangling", EEXIST, "a dangling symlink" },
	{ "mkdir02_missing/sub", ENOENT, "a missing parent" },
	{ "", ENOENT, "an empty path" },
	{ FILE_NAME "/sub", ENOTDIR, "a file used as a directory" },
	{ "", ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ "", ENAMETOOLONG, "a name of NAME_MAX + 1 bytes" },
	{ "mkdir02_loop_a/sub", ELOOP, "a symlink loop" },
	{ NULL, EFAULT, "an unmapped path" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	rofs_setup();
	fsm_create_file(FILE_NAME, 0644, "x");
	SAFE_MKDIR(DIR_NAME, 0755);
	tcases[6].path = fsm_long_path();
	tcases[7].path = fsm_long_name();
	bad_addr = fsm_bad_addr();
	if (fs_is(FS_FAT)) {
		TST_EXP_FAIL(symlink("mkdir02_target", "mkdir02_dangling"),
			     EPERM, "%s: symlink()", tst_fs_type);
		tst_res(TINFO, "%s: no symlinks, so no dangling symlink or "
			"ELOOP case", tst_fs_type);
		return;
	}
	FSM_SAFE(symlink("mkdir02_target", "mkdir02_dangling"));
	fsm_make_loop("mkdir02_loop_a", "mkdir02_loop_b");
}

static void nobody_eacces(void)
{
	struct stat st;

	TST_EXP_FAIL(mkdir(DIR_NAME "/sub", 0755), EACCES,
		     "mkdir() as nobody in root's mode 0755 directory");
	TST_EXP_FAIL(stat(DIR_NAME "/sub", &st), ENOENT, "nothing created");
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(mkdir(RO_NEW, 0755), EROFS,
		     "mkdir() as nobody in root's 0755 directory on a ro fs");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(mkdir(RO_NEW, 0755), EROFS, "mkdir() on a ro fs");
	TST_EXP_FAIL(mkdir(RO_NEW "/", 0755), EROFS,
		     "mkdir(\"new/\") on a ro fs");
	TST_EXP_FAIL(mkdir(RO_SUBDIR "/new", 0755), EROFS,
		     "mkdir() in a subdirectory of a ro fs");
	TST_EXP_FAIL(mkdir(RO_SUBDIR, 0755), EEXIST,
		     "mkdir() of an existing directory on a ro fs");
	TST_EXP_FAIL(mkdir(RO_FILE, 0755), EEXIST,
		     "mkdir() of an existing file on a ro fs");
	TST_EXP_FAIL(mkdir(RO_LINK, 0755), EEXIST,
		     "mkdir() of an existing symlink on a ro fs");
	TST_EXP_FAIL(mkdir(RO_MISSING "/new", 0755), ENOENT,
		     "mkdir() in a missing directory of a ro fs");
	TST_EXP_FAIL(mkdir(RO_FILE "/new", 0755), ENOTDIR,
		     "mkdir() below a file of a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct stat st;

	if (n == NCASES) {
		fsm_as_nobody(nobody_eacces);
		return;
	}
	if (n == NCASES + 1) {
		erofs();
		return;
	}
	if ((n == 2 || n == 8) && fs_is(FS_FAT))
		return;
	TST_EXP_FAIL(mkdir(tc->path ? tc->path : bad_addr, 0755),
		     tc->exp_errno, "mkdir() of %s", tc->desc);
	if (n == 2) {
		TST_EXP_FAIL(lstat("mkdir02_target", &st), ENOENT,
			     "the symlink's target was not created");
	}
}

static struct tst_test test = {
	.tcnt = NCASES + 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
