// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdir(2) errors, each with its exact errno and nothing created:
 * - EEXIST for an existing file, directory and dangling symlink (the
 *   link is not followed to create its target),
 * - ENOENT for a missing parent and for "",
 * - ENOTDIR (file as directory), ENAMETOOLONG (path and single name),
 *   ELOOP, EFAULT,
 * - EACCES for nobody in a directory it cannot write.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

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
	fsm_create_file(FILE_NAME, 0644, "x");
	SAFE_MKDIR(DIR_NAME, 0755);
	FSM_SAFE(symlink("mkdir02_target", "mkdir02_dangling"));
	fsm_make_loop("mkdir02_loop_a", "mkdir02_loop_b");
	tcases[6].path = fsm_long_path();
	tcases[7].path = fsm_long_name();
	bad_addr = fsm_bad_addr();
}

static void nobody_eacces(void)
{
	struct stat st;

	TST_EXP_FAIL(mkdir(DIR_NAME "/sub", 0755), EACCES,
		     "mkdir() as nobody in root's mode 0755 directory");
	TST_EXP_FAIL(stat(DIR_NAME "/sub", &st), ENOENT, "nothing created");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct stat st;

	if (n == NCASES) {
		fsm_as_nobody(nobody_eacces);
		return;
	}
	TST_EXP_FAIL(mkdir(tc->path ? tc->path : bad_addr, 0755),
		     tc->exp_errno, "mkdir() of %s", tc->desc);
	if (n == 2) {
		TST_EXP_FAIL(lstat("mkdir02_target", &st), ENOENT,
			     "the symlink's target was not created");
	}
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
