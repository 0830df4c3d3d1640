// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup3(2) errors, each exact, and newfd is left alone when it fails:
 * - EINVAL: oldfd == newfd (unlike dup2(), also for a valid fd, and
 *   checked before oldfd is looked at), flags other than O_CLOEXEC
 *   (O_NONBLOCK, bit 30);
 * - EBADF: oldfd not open (an open newfd stays open), newfd negative,
 *   newfd at RLIMIT_NOFILE (while RLIMIT_NOFILE - 1 works).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fileio.h"

/* A known, small soft limit: the process's own, set in setup. */
#define LIMIT 64

static void run(void)
{
	int fd = SAFE_OPEN("f", O_RDWR | O_CREAT, 0600);
	int other = SAFE_OPEN("f", O_RDONLY);
	int closed = 50;

	if (fio_fd_is_open(closed))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed);
	TST_EXP_FAIL(dup3(fd, fd, 0), EINVAL, "dup3(fd, fd, 0)");
	TST_EXP_FAIL(dup3(fd, fd, O_CLOEXEC), EINVAL, "dup3(fd, fd, O_CLOEXEC)");
	TST_EXP_FAIL(dup3(closed, closed, 0), EINVAL,
		     "dup3(closed fd, itself, 0)");
	TST_EXP_FAIL(dup3(fd, other, O_NONBLOCK), EINVAL,
		     "dup3(fd, other, O_NONBLOCK)");
	TST_EXP_FAIL(dup3(fd, other, 1 << 30), EINVAL,
		     "dup3(fd, other, bit 30)");
	TST_EXP_EXPR((fcntl(other, F_GETFL) & O_ACCMODE) == O_RDONLY,
		     "newfd still is its own O_RDONLY file description");

	TST_EXP_FAIL(dup3(closed, other, 0), EBADF, "dup3(closed fd, fd, 0)");
	TST_EXP_EXPR(fio_fd_is_open(other), "newfd is still open");
	TST_EXP_FAIL(dup3(fd, -1, 0), EBADF, "dup3(fd, -1, 0)");
	TST_EXP_FAIL(dup3(fd, LIMIT, 0), EBADF, "dup3(fd, RLIMIT_NOFILE, 0)");
	TST_EXP_VAL(dup3(fd, LIMIT - 1, 0), LIMIT - 1,
		    "dup3(fd, RLIMIT_NOFILE - 1, 0)");
	if (TST_RET > 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(other);
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
