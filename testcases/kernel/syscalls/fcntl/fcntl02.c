// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) F_GETFD/F_SETFD and F_GETFL/F_SETFL:
 * - F_SETFD sets and clears FD_CLOEXEC, F_GETFD and /proc/self/fdinfo
 *   show it;
 * - F_SETFL sets and clears O_APPEND and O_NONBLOCK, F_GETFL and fdinfo
 *   show them, and they act: writes go to the end, an empty pipe read
 *   fails with EAGAIN;
 * - F_SETFL ignores the access mode and the creation flags (O_RDWR,
 *   O_CREAT, O_TRUNC, O_EXCL): the fd stays O_RDONLY, the file keeps its
 *   data;
 * - the status flags belong to the open file description (a dup sees
 *   them), FD_CLOEXEC to the descriptor (a dup does not).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "fcntl02_file"

static void test_fd_flags(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDONLY);
	int dup_fd = SAFE_OPEN("/dev/null", O_RDONLY);

	TST_EXP_PASS(fcntl(fd, F_SETFD, FD_CLOEXEC), "F_SETFD FD_CLOEXEC");
	TST_EXP_EQ_LI(fcntl(fd, F_GETFD), FD_CLOEXEC);
	TST_EXP_EXPR(fio_fdinfo_flags(fd) & O_CLOEXEC, "fdinfo shows O_CLOEXEC");
	SAFE_DUP2(fd, dup_fd);
	TST_EXP_EQ_LI(fcntl(dup_fd, F_GETFD), 0);
	TST_EXP_PASS(fcntl(fd, F_SETFD, 0), "F_SETFD 0");
	TST_EXP_EQ_LI(fcntl(fd, F_GETFD), 0);
	TST_EXP_EXPR(!(fio_fdinfo_flags(fd) & O_CLOEXEC),
		     "fdinfo no longer shows O_CLOEXEC");
	SAFE_CLOSE(dup_fd);
	SAFE_CLOSE(fd);
}

static void test_append(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR);
	int dup_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	char buf[8];

	SAFE_DUP2(fd, dup_fd);
	TST_EXP_PASS(fcntl(fd, F_SETFL, O_APPEND), "F_SETFL O_APPEND");
	TST_EXP_EXPR((fcntl(fd, F_GETFL) & O_APPEND) &&
		     (fio_fdinfo_flags(fd) & O_APPEND) &&
		     (fcntl(dup_fd, F_GETFL) & O_APPEND),
		     "F_GETFL, fdinfo and the dup show O_APPEND");
	SAFE_LSEEK(fd, 0, SEEK_SET);
	SAFE_WRITE(1, fd, "ZZ", 2);
	SAFE_PREAD(1, fd, buf, 6, 0);
	TST_EXP_EXPR(!memcmp(buf, "0123ZZ", 6), "the write went to the end");

	TST_EXP_PASS(fcntl(fd, F_SETFL, 0), "F_SETFL 0");
	TST_EXP_EXPR(!(fcntl(fd, F_GETFL) & O_APPEND), "O_APPEND is clear");
	SAFE_LSEEK(fd, 0, SEEK_SET);
	SAFE_WRITE(1, fd, "Y", 1);
	SAFE_PREAD(1, fd, buf, 6, 0);
	TST_EXP_EXPR(!memcmp(buf, "Y123ZZ", 6), "the write went to offset 0");
	SAFE_FTRUNCATE(fd, 0);
	SAFE_PWRITE(1, fd, "0123", 4, 0);
	SAFE_CLOSE(dup_fd);
	SAFE_CLOSE(fd);
}

static void test_ignored(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDONLY);
	struct stat st;

	TST_EXP_PASS(fcntl(fd, F_SETFL, O_RDWR | O_CREAT | O_TRUNC | O_EXCL),
		     "F_SETFL O_RDWR | O_CREAT | O_TRUNC | O_EXCL");
	TST_EXP_EQ_LI(fcntl(fd, F_GETFL) & (O_ACCMODE | O_CREAT | O_TRUNC |
					    O_EXCL), O_RDONLY);
	TST_EXP_FAIL(write(fd, "x", 1), EBADF, "write() to the fd");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 4);
	SAFE_CLOSE(fd);
}

static void test_nonblock(void)
{
	int fds[2];
	char c;

	SAFE_PIPE(fds);
	TST_EXP_PASS(fcntl(fds[0], F_SETFL, O_NONBLOCK), "F_SETFL O_NONBLOCK");
	TST_EXP_EXPR((fcntl(fds[0], F_GETFL) & O_NONBLOCK) &&
		     (fio_fdinfo_flags(fds[0]) & O_NONBLOCK),
		     "F_GETFL and fdinfo show O_NONBLOCK");
	TST_EXP_FAIL(read(fds[0], &c, 1), EAGAIN, "read() of the empty pipe");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	test_fd_flags();
	test_append();
	test_ignored();
	test_nonblock();
}

static void setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);

	SAFE_WRITE(1, fd, "0123", 4);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
