// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx(2) errors, each with its exact errno:
 * - EINVAL for the reserved mask bit STATX__RESERVED,
 * - EINVAL for AT_STATX_FORCE_SYNC | AT_STATX_DONT_SYNC together,
 * - EINVAL for a flag statx does not know (AT_REMOVEDIR),
 * - EBADF for a relative name and dirfd -1,
 * - ENOTDIR for a relative name and dirfd a regular file,
 * - ENOENT for a missing name and for "" without AT_EMPTY_PATH,
 * - ELOOP, ENAMETOOLONG, EFAULT (path and buffer),
 * - EACCES for nobody below a directory that denies search.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "statx03_file"
#define PRIV_DIR "statx03_private"

static int file_fd = -1, bad_fd = -1, cwd = AT_FDCWD;
static void *bad_addr;
static struct statx stx;

static struct tcase {
	int *dirfd;
	const char *name;	/* NULL: the unmapped page */
	int bad_buf;
	int flags;
	unsigned int mask;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &cwd, FILE_NAME, 0, 0, STATX__RESERVED, EINVAL,
	  "mask STATX__RESERVED" },
	{ &cwd, FILE_NAME, 0, AT_STATX_FORCE_SYNC | AT_STATX_DONT_SYNC,
	  STATX_BASIC_STATS, EINVAL, "both sync flags" },
	{ &cwd, FILE_NAME, 0, AT_REMOVEDIR, STATX_BASIC_STATS, EINVAL,
	  "flag AT_REMOVEDIR" },
	{ &bad_fd, FILE_NAME, 0, 0, STATX_BASIC_STATS, EBADF, "dirfd -1" },
	{ &file_fd, FILE_NAME, 0, 0, STATX_BASIC_STATS, ENOTDIR,
	  "dirfd a regular file" },
	{ &cwd, "statx03_missing", 0, 0, STATX_BASIC_STATS, ENOENT,
	  "a missing name" },
	{ &cwd, "", 0, 0, STATX_BASIC_STATS, ENOENT,
	  "\"\" without AT_EMPTY_PATH" },
	{ &cwd, "statx03_loop_a", 0, 0, STATX_BASIC_STATS, ELOOP,
	  "a symlink loop" },
	{ &cwd, "", 0, 0, STATX_BASIC_STATS, ENAMETOOLONG,
	  "a path of PATH_MAX bytes" },
	{ &cwd, NULL, 0, 0, STATX_BASIC_STATS, EFAULT, "an unmapped path" },
	{ &cwd, FILE_NAME, 1, 0, STATX_BASIC_STATS, EFAULT,
	  "an unmapped buffer" },
};

#define NCASES (sizeof(tcases) / sizeof(tcases[0]))

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "x");
	fsm_make_loop("statx03_loop_a", "statx03_loop_b");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_DIR "/file", 0644, "x");
	file_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	tcases[8].name = fsm_long_path();
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static void nobody_private(void)
{
	TST_EXP_FAIL(statx(AT_FDCWD, PRIV_DIR "/file", 0, STATX_BASIC_STATS,
			   &stx), EACCES,
		     "statx() as nobody below a mode 0700 root directory");
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (n == NCASES) {
		fsm_as_nobody(nobody_private);
		return;
	}
	TST_EXP_FAIL(statx(*tc->dirfd, tc->name ? tc->name : bad_addr,
			   tc->flags, tc->mask, tc->bad_buf ? bad_addr : &stx),
		     tc->exp_errno, "statx() with %s", tc->desc);
}

static struct tst_test test = {
	.tcnt = NCASES + 1,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
