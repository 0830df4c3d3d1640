// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstatat(2) (newfstatat) errors, each with its exact errno:
 * - EBADF for a relative name and dirfd -1 or a closed fd,
 * - ENOTDIR for a relative name and dirfd a regular file,
 * - EINVAL for a flag outside AT_SYMLINK_NOFOLLOW, AT_NO_AUTOMOUNT,
 *   AT_EMPTY_PATH and the AT_STATX_* sync flags (AT_REMOVEDIR),
 * - ENOENT for "" without AT_EMPTY_PATH and for a missing name,
 * - ELOOP, ENAMETOOLONG, EFAULT (path and buffer).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "fstatat02_dir"

static int dir_fd = -1, file_fd = -1, bad_fd = -1, closed_fd = -1;
static void *bad_addr;
static struct stat st;

static struct tcase {
	int *dirfd;
	const char *name;	/* NULL: the unmapped page */
	int bad_buf;
	int flags;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &bad_fd, "file", 0, 0, EBADF, "dirfd -1" },
	{ &closed_fd, "file", 0, 0, EBADF, "a closed dirfd" },
	{ &file_fd, "file", 0, 0, ENOTDIR, "dirfd a regular file" },
	{ &dir_fd, "file", 0, AT_REMOVEDIR, EINVAL, "flag AT_REMOVEDIR" },
	{ &dir_fd, "", 0, 0, ENOENT, "\"\" without AT_EMPTY_PATH" },
	{ &dir_fd, "missing", 0, 0, ENOENT, "a missing name" },
	{ &dir_fd, "loop_a", 0, 0, ELOOP, "a symlink loop" },
	{ &dir_fd, "", 0, 0, ENAMETOOLONG, "a name of NAME_MAX + 1 bytes" },
	{ &dir_fd, NULL, 0, 0, EFAULT, "an unmapped path" },
	{ &dir_fd, "file", 1, 0, EFAULT, "an unmapped buffer" },
};

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(DIR_NAME "/file", 0644, "x");
	FSM_SAFE(symlink("loop_b", DIR_NAME "/loop_a"));
	FSM_SAFE(symlink("loop_a", DIR_NAME "/loop_b"));
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(DIR_NAME "/file", O_RDONLY);
	closed_fd = dup(file_fd);
	FSM_SAFE(close(closed_fd));
	tcases[7].name = fsm_long_name();
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	TST_EXP_FAIL(fstatat(*tc->dirfd, tc->name ? tc->name : bad_addr,
			     tc->bad_buf ? bad_addr : &st, tc->flags),
		     tc->exp_errno, "fstatat() with %s", tc->desc);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
