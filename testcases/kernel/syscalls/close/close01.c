// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * close(2) frees the descriptor and, with the last one, the file:
 * - after close() the fd is not open (F_GETFD: EBADF) and the next
 *   open() gets its number back;
 * - closing one of two dups leaves the other working on the same open
 *   file description (offset included);
 * - closing the last write end of a pipe gives its reader EOF; closing
 *   the last read end gives its writer EPIPE;
 * - close() of fd -1, of a closed fd, of a number above every open fd
 *   fails with EBADF, and a second close() of one fd too.
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "close01_file"

static void test_fd(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	int dup_fd = dup(fd);
	int num = fd;

	if (dup_fd < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	SAFE_WRITE(1, fd, "abcdef", 6);
	TST_EXP_PASS(close(fd), "close(fd)");
	TST_EXP_FAIL(fcntl(num, F_GETFD), EBADF, "F_GETFD on the closed fd");
	TST_EXP_FAIL(close(num), EBADF, "a second close() of it");
	TST_EXP_EQ_LI(SAFE_LSEEK(dup_fd, 0, SEEK_CUR), 6);
	TST_EXP_VAL(write(dup_fd, "g", 1), 1, "write() through the dup");
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	TST_EXP_EQ_LI(fd, num);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(dup_fd);
}

static void test_pipe(void)
{
	int fds[2];
	char c;

	SAFE_PIPE(fds);
	TST_EXP_PASS(close(fds[1]), "close() of the only write end");
	TST_EXP_VAL(read(fds[0], &c, 1), 0, "read() then sees EOF");
	SAFE_CLOSE(fds[0]);

	SAFE_PIPE(fds);
	TST_EXP_PASS(close(fds[0]), "close() of the only read end");
	signal(SIGPIPE, SIG_IGN);
	TST_EXP_FAIL(write(fds[1], "x", 1), EPIPE, "write() then");
	signal(SIGPIPE, SIG_DFL);
	SAFE_CLOSE(fds[1]);
}

static void test_errors(void)
{
	TST_EXP_FAIL(close(-1), EBADF, "close(-1)");
	TST_EXP_FAIL(close(INT_MAX), EBADF, "close(INT_MAX)");
	if (fio_fd_is_open(1000))
		tst_brk(TBROK, "fd 1000 is unexpectedly open");
	TST_EXP_FAIL(close(1000), EBADF, "close(1000), not open");
}

static void run(void)
{
	test_fd();
	test_pipe();
	test_errors();
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
};
