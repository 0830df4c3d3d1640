// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stat(2) path and buffer errors, each with its exact errno:
 * - ENOENT for a missing file, an empty path and a dangling symlink,
 * - ENOTDIR for a regular file used as a directory,
 * - ENAMETOOLONG for a path of PATH_MAX bytes and a name of NAME_MAX + 1,
 * - ELOOP for a symlink loop,
 * - EFAULT for an unmapped path and an unmapped stat buffer,
 * - EACCES for nobody when a directory on the path denies search.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "legacy_raw.h"

#define FILE_NAME "stat02_file"
#define PRIV_DIR "stat02_private"
#define PRIV_FILE PRIV_DIR "/file"

static void *bad_addr;
static struct stat st;

static struct tcase {
	const char *path;
	int bad_path;		/* pass the unmapped page as path */
	int bad_buf;		/* pass the unmapped page as buffer */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ "stat02_missing", 0, 0, ENOENT, "a missing file" },
	{ "", 0, 0, ENOENT, "an empty path" },
	{ "stat02_dangling", 0, 0, ENOENT, "a dangling symlink" },
	{ FILE_NAME "/x", 0, 0, ENOTDIR, "a file used as a directory" },
	{ NULL, 0, 0, ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ NULL, 0, 0, ENAMETOOLONG, "a name of NAME_MAX + 1 bytes" },
	{ "stat02_loop_a", 0, 0, ELOOP, "a symlink loop" },
	{ NULL, 1, 0, EFAULT, "an unmapped path" },
	{ FILE_NAME, 0, 1, EFAULT, "an unmapped stat buffer" },
};

static void setup(void)
{
	tcases[4].path = fsm_long_path();
	tcases[5].path = fsm_long_name();
	bad_addr = fsm_bad_addr();
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink("stat02_nowhere", "stat02_dangling"));
	fsm_make_loop("stat02_loop_a", "stat02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_FILE, 0644, "x");
}

static void nobody_stat_private(void)
{
	TST_EXP_FAIL(sys_stat(PRIV_FILE, &st), EACCES,
		     "stat() as nobody below a mode 0700 root directory");
}

static void run(unsigned int n)
{
	struct tcase *tc;

	if (n == sizeof(tcases) / sizeof(tcases[0])) {
		fsm_as_nobody(nobody_stat_private);
		return;
	}
	tc = &tcases[n];
	TST_EXP_FAIL(sys_stat(tc->bad_path ? bad_addr : tc->path,
			  tc->bad_buf ? bad_addr : &st),
		     tc->exp_errno, "stat() with %s", tc->desc);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]) + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
