// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chmod(2) errors, each with its exact errno and the mode left as it was:
 * - EPERM for nobody changing a file owned by root (even mode 0666),
 * - EACCES for nobody below a directory that denies search,
 * - ENOENT (missing, ""), ENOTDIR (file as directory), ENAMETOOLONG,
 *   ELOOP, EFAULT (unmapped path).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

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
	fsm_create_file(FILE_NAME, 0666, "x");
	fsm_make_loop("chmod02_loop_a", "chmod02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_FILE, 0666, "x");
	tcases[3].path = fsm_long_path();
	bad_addr = fsm_bad_addr();
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
	TST_EXP_FAIL(chmod(tc->path ? tc->path : bad_addr, 0700),
		     tc->exp_errno, "chmod() of %s", tc->desc);
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
