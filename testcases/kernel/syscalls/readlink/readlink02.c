// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readlink(2) errors, each with its exact errno:
 * - EINVAL for a regular file and a directory (not symlinks), for
 *   bufsiz 0 and for a bufsiz that is negative as the kernel's int,
 * - ENOENT (missing, ""), ENOTDIR (file as directory), ENAMETOOLONG,
 *   ELOOP through a directory component, EFAULT for an unmapped path
 *   and an unmapped buffer,
 * - EACCES for nobody below a directory that denies search.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "readlink02_file"
#define LINK_NAME "readlink02_link"
#define PRIV_DIR "readlink02_private"

static char buf[64];
static void *bad_addr;

static struct tcase {
	const char *path;	/* NULL: the unmapped page */
	int bad_buf;
	size_t size;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ FILE_NAME, 0, sizeof(buf), EINVAL, "a regular file" },
	{ ".", 0, sizeof(buf), EINVAL, "a directory" },
	{ LINK_NAME, 0, 0, EINVAL, "bufsiz 0" },
	{ LINK_NAME, 0, (size_t)-1, EINVAL, "bufsiz -1" },
	{ "readlink02_missing", 0, sizeof(buf), ENOENT, "a missing name" },
	{ "", 0, sizeof(buf), ENOENT, "an empty path" },
	{ FILE_NAME "/x", 0, sizeof(buf), ENOTDIR, "a file as directory" },
	{ "", 0, sizeof(buf), ENAMETOOLONG, "a path of PATH_MAX bytes" },
	{ "readlink02_loop_a/x", 0, sizeof(buf), ELOOP, "a symlink loop" },
	{ NULL, 0, sizeof(buf), EFAULT, "an unmapped path" },
	{ LINK_NAME, 1, sizeof(buf), EFAULT, "an unmapped buffer" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	fsm_make_loop("readlink02_loop_a", "readlink02_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	FSM_SAFE(symlink("x", PRIV_DIR "/link"));
	tcases[7].path = fsm_long_path();
	bad_addr = fsm_bad_addr();
}

static void nobody_private(void)
{
	TST_EXP_FAIL(readlink(PRIV_DIR "/link", buf, sizeof(buf)), EACCES,
		     "readlink() as nobody below a mode 0700 root directory");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_private);
		return;
	}
	TST_EXP_FAIL(readlink(tc->path ? tc->path : bad_addr,
			      tc->bad_buf ? bad_addr : buf, tc->size),
		     tc->exp_errno, "readlink() of %s", tc->desc);
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
