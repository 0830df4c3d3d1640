/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of fsync01 and fdatasync01: the two calls must answer the same
 * file descriptors the same way, so one source asserts both. The including
 * test defines SYNC_CALL (fsync or fdatasync), documents what it checks,
 * and runs sync_fd_run() with sync_fd_setup() in a temporary directory.
 */
#ifndef SYNC_FD_TEST_H
#define SYNC_FD_TEST_H

#ifndef SYNC_CALL
# error "define SYNC_CALL to fsync or fdatasync before including this"
#endif

#include <fcntl.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define SYNC_STR_(x) #x
#define SYNC_STR(x) SYNC_STR_(x)
#define SYNC_NAME SYNC_STR(SYNC_CALL)

#define FNAME SYNC_NAME "01_file"
#define DATA "data to keep"

static int do_sync(int fd)
{
	return SYNC_CALL(fd);
}

static void test_fds(void)
{
	static const int modes[] = { O_RDONLY, O_WRONLY, O_RDWR };
	char buf[sizeof(DATA)];
	struct stat st;
	unsigned int i;
	int fd;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		fd = SAFE_OPEN(FNAME, modes[i]);
		SAFE_LSEEK(fd, 3, SEEK_SET);
		TST_EXP_PASS(SYNC_CALL(fd), SYNC_NAME "() of an fd opened 0%o",
			     modes[i]);
		TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 3);
		SAFE_CLOSE(fd);
	}
	fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_PASS(SYNC_CALL(fd), SYNC_NAME "() of a directory");
	SAFE_CLOSE(fd);

	SAFE_STAT(FNAME, &st);
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	SAFE_READ(1, fd, buf, sizeof(buf));
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(st.st_size == sizeof(DATA) &&
		     !memcmp(buf, DATA, sizeof(DATA)),
		     "the file still holds its data");
}

static void test_errors(void)
{
	int fds[2], socks[2], fd, closed;

	fd = SAFE_OPEN(FNAME, O_PATH);
	TST_EXP_FAIL(SYNC_CALL(fd), EBADF, SYNC_NAME "() of an O_PATH fd");
	closed = fd + 100;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(SYNC_CALL(-1), EBADF, SYNC_NAME "(-1)");
	if (fio_fd_is_open(closed))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed);
	TST_EXP_FAIL(SYNC_CALL(closed), EBADF, SYNC_NAME "() of a closed fd");

	SAFE_PIPE(fds);
	TST_EXP_FAIL(SYNC_CALL(fds[1]), EINVAL, SYNC_NAME "() of a pipe");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, socks);
	TST_EXP_FAIL(SYNC_CALL(socks[0]), EINVAL, SYNC_NAME "() of a socket");
	SAFE_CLOSE(socks[0]);
	SAFE_CLOSE(socks[1]);
	fd = SAFE_OPEN("/dev/null", O_WRONLY);
	TST_EXP_FAIL(SYNC_CALL(fd), EINVAL, SYNC_NAME "() of /dev/null");
	SAFE_CLOSE(fd);
	fd = eventfd(0, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	TST_EXP_FAIL(SYNC_CALL(fd), EINVAL, SYNC_NAME "() of an eventfd");
	SAFE_CLOSE(fd);
}

static void sync_fd_run(void)
{
	int fd = SAFE_OPEN(SYNC_NAME "01_dirty", O_RDWR | O_CREAT, 0600);

	fio_check_writeback(fd, do_sync, SYNC_NAME "()");
	SAFE_CLOSE(fd);
	test_fds();
	test_errors();
}

static void sync_fd_setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_WRONLY | O_CREAT, 0600);

	SAFE_WRITE(1, fd, DATA, sizeof(DATA));
	SAFE_CLOSE(fd);
}

#endif /* SYNC_FD_TEST_H */
