// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pread64(2) errors, each exact, with the file offset unmoved:
 * - ESPIPE: a pipe, a FIFO, a socket (nothing seekable to read at);
 * - EINVAL: a negative offset, and an offset where offset + count
 *   overflows;
 * - EBADF: fd -1, an O_WRONLY fd;
 * - EISDIR: a directory;
 * - EFAULT: a buffer in an unmapped page.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "pread64_02_file"

static int fd, wronly_fd, dir_fd, pipe_fds[2], fifo_fd, sock_fds[2];
static int bad_fd = -1;
static char buf[64], *bad_buf;

static struct tcase {
	int *fd;
	char **buf;
	size_t count;
	off_t off;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &pipe_fds[0], NULL, 1, 0, ESPIPE, "a pipe" },
	{ &fifo_fd, NULL, 1, 0, ESPIPE, "a FIFO" },
	{ &sock_fds[0], NULL, 1, 0, ESPIPE, "a socket" },
	{ &fd, NULL, 1, -1, EINVAL, "offset -1" },
	{ &fd, NULL, 10, INT64_MAX - 5, EINVAL, "offset + count overflows" },
	{ &bad_fd, NULL, 1, 0, EBADF, "fd -1" },
	{ &wronly_fd, NULL, 1, 0, EBADF, "an O_WRONLY fd" },
	{ &dir_fd, NULL, 1, 0, EISDIR, "a directory" },
	{ &fd, &bad_buf, 1, 0, EFAULT, "into an unmapped page" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	TST_EXP_FAIL(pread(*tc->fd, tc->buf ? *tc->buf : buf, tc->count,
			   tc->off), tc->exp_errno, "pread(%s)", tc->desc);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 1);
}

static void setup(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, fd, "data", 4);
	SAFE_LSEEK(fd, 1, SEEK_SET);
	wronly_fd = SAFE_OPEN(FNAME, O_WRONLY);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	SAFE_PIPE(pipe_fds);
	SAFE_WRITE(1, pipe_fds[1], "p", 1);
	if (mkfifo("fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fifo_fd = SAFE_OPEN("fifo", O_RDWR);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
	bad_buf = fio_bad_addr();
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
