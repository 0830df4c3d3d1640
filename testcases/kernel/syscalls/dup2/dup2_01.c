// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup2(2) makes newfd a copy of oldfd:
 * - an open newfd is closed first, silently, and then names oldfd's file
 *   (same inode, shared offset); the return value is newfd;
 * - the copy does not inherit FD_CLOEXEC;
 * - newfd may be far above every open fd;
 * - dup2(fd, fd) returns fd and changes nothing: FD_CLOEXEC stays set.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include "tst_test.h"

static void check_same(int a, int b)
{
	struct stat sa, sb;

	SAFE_FSTAT(a, &sa);
	SAFE_FSTAT(b, &sb);
	TST_EXP_EXPR(sa.st_ino == sb.st_ino && sa.st_dev == sb.st_dev,
		     "fd %d names the file of fd %d", b, a);
	SAFE_LSEEK(a, 3, SEEK_SET);
	TST_EXP_EQ_LI(SAFE_LSEEK(b, 0, SEEK_CUR), 3);
}

static void run(void)
{
	int fd = SAFE_OPEN("a", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int other = SAFE_OPEN("b", O_RDWR | O_CREAT, 0600);
	int far = 200;

	SAFE_WRITE(1, fd, "0123456789", 10);
	TST_EXP_VAL(dup2(fd, other), other, "dup2(fd, an open fd)");
	check_same(fd, other);
	TST_EXP_EQ_LI(fcntl(other, F_GETFD) & FD_CLOEXEC, 0);

	if (fcntl(far, F_GETFD) != -1)
		tst_brk(TBROK, "fd %d is unexpectedly open", far);
	TST_EXP_VAL(dup2(fd, far), far, "dup2(fd, %d)", far);
	check_same(fd, far);
	SAFE_CLOSE(far);

	TST_EXP_VAL(dup2(fd, fd), fd, "dup2(fd, fd)");
	TST_EXP_EQ_LI(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);

	SAFE_CLOSE(other);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
};
