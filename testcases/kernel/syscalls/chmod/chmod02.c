// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chmod(2) errors, each with its exact errno and the mode left as it was:
 * - EPERM for nobody changing a file owned by root (even mode 0666),
 * - EACCES for nobody below a directory that denies search,
 * - ENOENT (missing, ""), ENOTDIR (file as directory), ENAMETOOLONG,
 *   ELOOP, EFAULT (unmapped path);
 * - EROFS on a read-only tmpfs (ro_tmpfs.h) for a file, a directory and
 *   a file through a symlink, also for nobody on root's file (the mount
 *   is checked before ownership: EROFS, not EPERM); a missing name is
 *   ENOENT (the lookup comes first); nothing on it changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "chmod02_file"
#define PRIV_DIR "chmod02_private"
#define PRIV_FILE PRIV_DIR "/file"

static void *bad_addr;

static struct tcase {
	const char *path;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ "chmod02_missing", ENOENT, "a missing file" },
	{ "", ENOENT, "an empty path" },
	{ FILE_NAME "/x", ENOTDIR, "a file used as a directory" },
	{ "", ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ "chmod02_loop_a", ELOOP, "a symlink loop" },
	{ NULL, EFAULT, "an unmapped path" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	rofs_setup();
	fsm_create_file(FILE_NAME, 0666, "x");
	fsm_make_loop("chmod02_loop_a", "chmod02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_FILE, 0666, "x");
	tcases[3].path = fsm_long_path();
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(chmod(RO_FILE, 0666), EROFS,
		     "chmod() of root's file on a ro fs as nobody");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(chmod(RO_FILE, 0600), EROFS, "chmod() of a file on a "
		     "ro fs");
	TST_EXP_FAIL(chmod(RO_SUBDIR, 0700), EROFS, "chmod() of a directory "
		     "on a ro fs");
	TST_EXP_FAIL(chmod(RO_LINK, 0600), EROFS, "chmod() through a "
		     "symlink on a ro fs");
	TST_EXP_FAIL(chmod(RO_FILE, 0644), EROFS, "chmod() to the same mode "
		     "on a ro fs");
	TST_EXP_FAIL(chmod(RO_MISSING, 0600), ENOENT, "chmod() of a missing "
		     "name on a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void nobody_cases(void)
{
	struct stat st;

	TST_EXP_FAIL(chmod(FILE_NAME, 0777), EPERM,
		     "chmod() of root's mode 0666 file as nobody");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EQ_LI(st.st_mode & 07777, 0666);
	TST_EXP_FAIL(chmod(PRIV_FILE, 0777), EACCES,
		     "chmod() as nobody below a mode 0700 root directory");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_cases);
		return;
	}
	if (n == NCASES + 1) {
		erofs();
		return;
	}
	TST_EXP_FAIL(chmod(tc->path ? tc->path : bad_addr, 0700),
		     tc->exp_errno, "chmod() of %s", tc->desc);
}

static struct tst_test test = {
	.tcnt = NCASES + 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
