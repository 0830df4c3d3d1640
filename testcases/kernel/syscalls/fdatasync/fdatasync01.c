// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fdatasync(2) writes back the file's data (and the metadata needed to
 * read it):
 * - a dirty page cache page of the file is clean after it returns 0
 *   (seen through /proc/kpageflags; TCONF on tmpfs, which never writes
 *   back, and without CAP_SYS_ADMIN);
 * - it returns 0 for an fd opened O_RDONLY, O_WRONLY, O_RDWR, and for a
 *   directory, and leaves the data, size and file offset as they were;
 * - errors: EBADF for fd -1, a closed fd, an O_PATH fd; EINVAL for fds
 *   that cannot be synced: a pipe, a socket, /dev/null, an eventfd.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "fdatasync01_file"
#define DATA "data to keep"

static int do_sync(int fd)
{
	return fdatasync(fd);
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
		TST_EXP_PASS(fdatasync(fd), "fdatasync() of an fd opened 0%o", modes[i]);
		TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 3);
		SAFE_CLOSE(fd);
	}
	fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_PASS(fdatasync(fd), "fdatasync() of a directory");
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
	TST_EXP_FAIL(fdatasync(fd), EBADF, "fdatasync() of an O_PATH fd");
	closed = fd + 100;
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(fdatasync(-1), EBADF, "fdatasync(-1)");
	if (fio_fd_is_open(closed))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed);
	TST_EXP_FAIL(fdatasync(closed), EBADF, "fdatasync() of a closed fd");

	SAFE_PIPE(fds);
	TST_EXP_FAIL(fdatasync(fds[1]), EINVAL, "fdatasync() of a pipe");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, socks);
	TST_EXP_FAIL(fdatasync(socks[0]), EINVAL, "fdatasync() of a socket");
	SAFE_CLOSE(socks[0]);
	SAFE_CLOSE(socks[1]);
	fd = SAFE_OPEN("/dev/null", O_WRONLY);
	TST_EXP_FAIL(fdatasync(fd), EINVAL, "fdatasync() of /dev/null");
	SAFE_CLOSE(fd);
	fd = eventfd(0, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	TST_EXP_FAIL(fdatasync(fd), EINVAL, "fdatasync() of an eventfd");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	int fd = SAFE_OPEN("fdatasync01_dirty", O_RDWR | O_CREAT, 0600);

	fio_check_writeback(fd, do_sync, "fdatasync()");
	SAFE_CLOSE(fd);
	test_fds();
	test_errors();
}

static void setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_WRONLY | O_CREAT, 0600);

	SAFE_WRITE(1, fd, DATA, sizeof(DATA));
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
