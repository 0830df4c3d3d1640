// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access(2) errors, each with its exact errno:
 * - EINVAL for a mode with bits outside R_OK | W_OK | X_OK,
 * - ENOENT (missing, "", dangling symlink), ENOTDIR (file as directory),
 *   ENAMETOOLONG, ELOOP, EFAULT (unmapped path),
 * - EACCES for nobody, even with F_OK, below a directory that denies
 *   search;
 * - EROFS for W_OK on a read-only tmpfs (ro_tmpfs.h): a file, the file
 *   through a symlink, a directory; R_OK still succeeds; a missing name
 *   is ENOENT (the lookup comes first), and nobody asking W_OK for
 *   root's 0644 file gets EROFS, not EACCES (the read-only superblock
 *   is checked before the mode bits); nothing on it changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "access02_file"
#define PRIV_DIR "access02_private"

static void *bad_addr;

static struct tcase {
	const char *path;	/* NULL: the unmapped page */
	int mode;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FILE_NAME, 8, EINVAL, "mode 8" },
	{ FILE_NAME, R_OK | 0100, EINVAL, "mode R_OK | 0100" },
	{ "access02_missing", F_OK, ENOENT, "a missing file" },
	{ "", F_OK, ENOENT, "an empty path" },
	{ "access02_dangling", F_OK, ENOENT, "a dangling symlink" },
	{ FILE_NAME "/x", F_OK, ENOTDIR, "a file used as a directory" },
	{ "", F_OK, ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ "access02_loop_a", F_OK, ELOOP, "a symlink loop" },
	{ NULL, F_OK, EFAULT, "an unmapped path" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	rofs_setup();
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink("access02_nowhere", "access02_dangling"));
	fsm_make_loop("access02_loop_a", "access02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_DIR "/file", 0777, "x");
	tcases[6].path = fsm_long_path();
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void nobody_private(void)
{
	TST_EXP_FAIL(access(PRIV_DIR "/file", F_OK), EACCES,
		     "access(F_OK) as nobody below a mode 0700 root dir");
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(access(RO_FILE, W_OK), EROFS,
		     "access(W_OK) as nobody of root's 0644 file on a ro fs");
	TST_EXP_PASS(access(RO_FILE, R_OK),
		     "access(R_OK) as nobody on a ro fs");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(access(RO_FILE, W_OK), EROFS, "access(W_OK) of a file "
		     "on a ro fs");
	TST_EXP_FAIL(access(RO_LINK, R_OK | W_OK), EROFS,
		     "access(R_OK | W_OK) through a symlink on a ro fs");
	TST_EXP_FAIL(access(RO_SUBDIR, W_OK | X_OK), EROFS,
		     "access(W_OK | X_OK) of a directory on a ro fs");
	TST_EXP_PASS(access(RO_FILE, R_OK), "access(R_OK) on a ro fs");
	TST_EXP_PASS(access(RO_LINK, F_OK), "access(F_OK) on a ro fs");
	TST_EXP_FAIL(access(RO_MISSING, W_OK), ENOENT,
		     "access(W_OK) of a missing name on a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_private);
		return;
	}
	if (n == NCASES + 1) {
		erofs();
		return;
	}
	TST_EXP_FAIL(access(tc->path ? tc->path : bad_addr, tc->mode),
		     tc->exp_errno, "access() with %s", tc->desc);
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
