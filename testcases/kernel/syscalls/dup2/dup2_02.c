// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup2(2) errors, each exact, and newfd is left alone when it fails:
 * - EBADF: oldfd not open (then an open newfd stays open, on its file);
 *   dup2(fd, fd) of a closed fd; newfd negative; newfd at RLIMIT_NOFILE
 *   (while RLIMIT_NOFILE - 1 works).
 */
#include <fcntl.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

/* A known, small soft limit: the process's own, set in setup. */
#define LIMIT 64

static void run(void)
{
	struct stat before, after;
	int fd = SAFE_OPEN("f", O_RDWR | O_CREAT, 0600);
	int closed = fd + 100;

	if (fio_fd_is_open(closed))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed);
	SAFE_FSTAT(fd, &before);
	TST_EXP_FAIL(dup2(closed, fd), EBADF, "dup2(closed fd, open fd)");
	TST_EXP_EXPR(fio_fd_is_open(fd), "newfd is still open");
	SAFE_FSTAT(fd, &after);
	TST_EXP_EXPR(before.st_ino == after.st_ino, "newfd still names its "
		     "own file");
	TST_EXP_FAIL(dup2(-1, fd), EBADF, "dup2(-1, open fd)");
	TST_EXP_FAIL(dup2(closed, closed), EBADF, "dup2(closed fd, itself)");
	TST_EXP_FAIL(dup2(fd, -1), EBADF, "dup2(fd, -1)");
	TST_EXP_FAIL(dup2(fd, LIMIT), EBADF, "dup2(fd, RLIMIT_NOFILE)");
	/* The limit is exact: one below it works. */
	TST_EXP_VAL(dup2(fd, LIMIT - 1), LIMIT - 1,
		    "dup2(fd, RLIMIT_NOFILE - 1)");
	if (TST_RET > 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	fio_set_nofile(LIMIT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
