// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat(2) errors that come from dirfd, for a relative path:
 * - EBADF for a dirfd that is not open (-1, and a closed fd number);
 * - ENOTDIR for a dirfd of a regular file, also an O_PATH one;
 * - ENOENT for O_CREAT in a directory removed while dirfd stays open,
 *   and for an empty path (openat() has no AT_EMPTY_PATH);
 * and the open(2) errors through dirfd: EEXIST, ENOENT, EISDIR, ELOOP.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include "tst_test.h"

static int dir_fd, file_fd, path_file_fd, gone_dir_fd, closed_fd;
static int bad_fd = -1;

static struct tcase {
	int *dfd;
	const char *path;
	int flags;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &bad_fd, "f", O_RDONLY, EBADF, "dirfd -1" },
	{ &closed_fd, "f", O_RDONLY, EBADF, "dirfd closed" },
	{ &file_fd, "f", O_RDONLY, ENOTDIR, "dirfd of a regular file" },
	{ &path_file_fd, "f", O_RDONLY, ENOTDIR,
	  "O_PATH dirfd of a regular file" },
	{ &gone_dir_fd, "f", O_RDWR | O_CREAT, ENOENT,
	  "O_CREAT in a removed directory" },
	{ &dir_fd, "", O_RDONLY, ENOENT, "empty path" },
	{ &dir_fd, "f", O_RDWR | O_CREAT | O_EXCL, EEXIST,
	  "O_CREAT | O_EXCL, existing file" },
	{ &dir_fd, "missing", O_RDONLY, ENOENT, "missing file" },
	{ &dir_fd, ".", O_WRONLY, EISDIR, "\".\" O_WRONLY" },
	{ &dir_fd, "link", O_RDONLY | O_NOFOLLOW, ELOOP, "O_NOFOLLOW, symlink" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	TST_EXP_FAIL(openat(*tc->dfd, tc->path, tc->flags, 0600),
		     tc->exp_errno, "openat(%s)", tc->desc);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR("dir", 0700);
	fd = SAFE_OPEN("dir/f", O_WRONLY | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	if (symlink("f", "dir/link"))
		tst_brk(TBROK | TERRNO, "symlink()");
	dir_fd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN("dir/f", O_RDONLY);
	path_file_fd = SAFE_OPEN("dir/f", O_PATH);
	SAFE_MKDIR("gone", 0700);
	gone_dir_fd = SAFE_OPEN("gone", O_RDONLY | O_DIRECTORY);
	SAFE_RMDIR("gone");
	/* A number well above every fd the test opened; nothing else opens. */
	closed_fd = gone_dir_fd + 100;
	if (fcntl(closed_fd, F_GETFD) != -1)
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
