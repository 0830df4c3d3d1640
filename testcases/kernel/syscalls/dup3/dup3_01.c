// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup3(2) makes newfd a copy of oldfd, with the close-on-exec flag it is
 * told:
 * - O_CLOEXEC sets FD_CLOEXEC on newfd (and only there); flags 0 leaves
 *   it clear, even when oldfd has it;
 * - an open newfd is closed first and then names oldfd's file, sharing
 *   its offset; the return value is newfd.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include "tst_test.h"

static void run(void)
{
	int fd = SAFE_OPEN("a", O_RDWR | O_CREAT, 0600);
	int other = SAFE_OPEN("b", O_RDWR | O_CREAT, 0600);
	struct stat sa, sb;

	TST_EXP_VAL(dup3(fd, other, O_CLOEXEC), other,
		    "dup3(fd, open fd, O_CLOEXEC)");
	TST_EXP_EQ_LI(fcntl(other, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	TST_EXP_EQ_LI(fcntl(fd, F_GETFD) & FD_CLOEXEC, 0);
	SAFE_FSTAT(fd, &sa);
	SAFE_FSTAT(other, &sb);
	TST_EXP_EXPR(sa.st_ino == sb.st_ino, "newfd names oldfd's file");
	SAFE_LSEEK(fd, 5, SEEK_SET);
	TST_EXP_EQ_LI(SAFE_LSEEK(other, 0, SEEK_CUR), 5);

	if (fcntl(fd, F_SETFD, FD_CLOEXEC))
		tst_brk(TBROK | TERRNO, "F_SETFD");
	TST_EXP_VAL(dup3(fd, other, 0), other, "dup3(close-on-exec fd, fd, 0)");
	TST_EXP_EQ_LI(fcntl(other, F_GETFD) & FD_CLOEXEC, 0);

	SAFE_CLOSE(other);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
};
