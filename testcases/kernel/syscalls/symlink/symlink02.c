// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * symlink(2) errors, each with its exact errno and nothing created:
 * - EEXIST for an existing file and an existing (dangling) symlink,
 * - ENOENT for an empty target and for a link in a missing directory,
 * - ENOTDIR (file as directory), ENAMETOOLONG for a target of PATH_MAX
 *   bytes and for a link name of NAME_MAX + 1, ELOOP, EFAULT for either
 *   string unmapped,
 * - EACCES for nobody in a directory it cannot write;
 * - on a read-only tmpfs (ro_tmpfs.h): EROFS for a new link name, also
 *   for nobody (the mount is checked before the directory's mode: EROFS,
 *   not EACCES); EEXIST for a name that exists, ENOENT for a missing
 *   directory and for a new name with a trailing slash (the lookup comes
 *   first); nothing on it changes.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "symlink02_file"
#define DIR_NAME "symlink02_dir"

static char too_long[PATH_MAX + 1];
static void *bad_addr;

static struct tcase {
	const char *target;	/* NULL: the unmapped page */
	const char *link;	/* NULL: the unmapped page */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ "x", FILE_NAME, EEXIST, "an existing file as link" },
	{ "x", "symlink02_dangling", EEXIST, "an existing symlink as link" },
	{ "", "symlink02_n1", ENOENT, "an empty target" },
	{ "x", "symlink02_nodir/l", ENOENT, "a link in a missing directory" },
	{ "x", FILE_NAME "/l", ENOTDIR, "a file used as a directory" },
	{ too_long, "symlink02_n2", ENAMETOOLONG, "a target of PATH_MAX "
	  "bytes" },
	{ "x", "", ENAMETOOLONG, "a link name of NAME_MAX + 1 bytes" },
	{ "x", "symlink02_loop_a/l", ELOOP, "a symlink loop" },
	{ NULL, "symlink02_n3", EFAULT, "an unmapped target" },
	{ "x", NULL, EFAULT, "an unmapped link name" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	rofs_setup();
	fsm_create_file(FILE_NAME, 0644, "x");
	SAFE_MKDIR(DIR_NAME, 0755);
	FSM_SAFE(symlink("symlink02_nowhere", "symlink02_dangling"));
	fsm_make_loop("symlink02_loop_a", "symlink02_loop_b");
	memset(too_long, 't', PATH_MAX);
	tcases[6].link = fsm_long_name();
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(symlink("x", RO_NEW), EROFS,
		     "symlink() as nobody in root's 0755 directory on a ro fs");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(symlink("file", RO_NEW), EROFS, "symlink() on a ro fs");
	TST_EXP_FAIL(symlink("x", RO_SUBDIR "/new"), EROFS,
		     "symlink() in a subdirectory of a ro fs");
	TST_EXP_FAIL(symlink("x", RO_FILE), EEXIST,
		     "symlink() onto an existing file on a ro fs");
	TST_EXP_FAIL(symlink("x", RO_LINK), EEXIST,
		     "symlink() onto an existing symlink on a ro fs");
	TST_EXP_FAIL(symlink("x", RO_MISSING "/new"), ENOENT,
		     "symlink() in a missing directory of a ro fs");
	TST_EXP_FAIL(symlink("x", RO_NEW "/"), ENOENT,
		     "symlink(\"new/\") on a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void nobody_eacces(void)
{
	struct stat st;

	TST_EXP_FAIL(symlink("x", DIR_NAME "/l"), EACCES,
		     "symlink() as nobody in root's mode 0755 directory");
	TST_EXP_FAIL(lstat(DIR_NAME "/l", &st), ENOENT, "nothing created");
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
	TST_EXP_FAIL(symlink(tc->target ? tc->target : bad_addr,
			     tc->link ? tc->link : bad_addr),
		     tc->exp_errno, "symlink() with %s", tc->desc);
	if (n == 0) {
		SAFE_STAT(FILE_NAME, &st);
		TST_EXP_EXPR(S_ISREG(st.st_mode), "the file is kept");
	}
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
