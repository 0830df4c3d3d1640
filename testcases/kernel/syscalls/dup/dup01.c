// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup(2) returns the lowest free descriptor, naming the same open file
 * description:
 * - the new fd is the lowest free number, also below the old one;
 * - both fds share the file offset (a read through one moves the other)
 *   and the status flags (O_APPEND set through one shows in the other);
 * - FD_CLOEXEC is per descriptor: the copy of a close-on-exec fd has it
 *   clear, and setting it on one does not set it on the other;
 * - closing one leaves the other working.
 */
#include <fcntl.h>
#include <string.h>
#include "tst_test.h"

#define FNAME "dup01_file"

static void run(void)
{
	int fd, fd2, low, high;
	char buf[4];

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	SAFE_WRITE(1, fd, "abcdefgh", 8);
	SAFE_LSEEK(fd, 0, SEEK_SET);

	TST_EXP_FD(dup(fd));
	fd2 = TST_RET;
	if (fd2 < 0)
		return;
	TST_EXP_EQ_LI(fcntl(fd2, F_GETFD) & FD_CLOEXEC, 0);
	TST_EXP_EQ_LI(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);

	SAFE_READ(1, fd, buf, 2);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd2, 0, SEEK_CUR), 2);
	SAFE_READ(1, fd2, buf, 2);
	TST_EXP_EXPR(!memcmp(buf, "cd", 2), "read() through the copy goes on "
		     "at the shared offset");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 4);

	if (fcntl(fd2, F_SETFL, O_APPEND))
		tst_brk(TBROK | TERRNO, "F_SETFL O_APPEND");
	TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_APPEND, "O_APPEND set through the "
		     "copy shows in the original");

	if (fcntl(fd2, F_SETFD, FD_CLOEXEC))
		tst_brk(TBROK | TERRNO, "F_SETFD FD_CLOEXEC");
	if (fcntl(fd, F_SETFD, 0))
		tst_brk(TBROK | TERRNO, "F_SETFD 0");
	TST_EXP_EXPR((fcntl(fd2, F_GETFD) & FD_CLOEXEC) &&
		     !(fcntl(fd, F_GETFD) & FD_CLOEXEC),
		     "FD_CLOEXEC stays per descriptor");

	SAFE_CLOSE(fd);
	TST_EXP_VAL(pread(fd2, buf, 2, 6), 2, "pread() through the copy after "
		    "closing the original");

	/* Lowest free: open two, close the lower, dup the higher. */
	low = SAFE_OPEN(FNAME, O_RDONLY);
	high = SAFE_OPEN(FNAME, O_RDONLY);
	fd = low;
	SAFE_CLOSE(low);
	TST_EXP_VAL(dup(high), fd, "dup(%d) with fd %d free", high, fd);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(high);
	SAFE_CLOSE(fd2);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
};
