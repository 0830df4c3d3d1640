// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preadv(2) errors, each exact, with nothing read and the offset unmoved:
 * - EINVAL: a negative offset, iovcnt IOV_MAX + 1, an iov_len above
 *   SSIZE_MAX;
 * - ESPIPE: a pipe;
 * - EBADF: fd -1, an O_WRONLY fd;
 * - EISDIR: a directory;
 * - EFAULT: the iovec array, or the only buffer, in an unmapped page.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "preadv02_file"

static int fd, wronly_fd, dir_fd, pipe_fds[2];
static int bad_fd = -1;
static char buf[16];
/* IOV_MAX + 1 valid iovecs: where one is used, only the count is wrong. */
static struct iovec many[IOV_MAX + 1];
static struct iovec huge[1], bad_base[1];
static struct iovec *good_iov = many, *many_iov = many, *huge_iov = huge;
static struct iovec *bad_base_iov = bad_base, *bad_iov;

static struct tcase {
	int *fd;
	struct iovec **iov;
	int cnt;
	off_t off;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &fd, &good_iov, 1, -1, EINVAL, "offset -1" },
	{ &fd, &many_iov, IOV_MAX + 1, 0, EINVAL, "iovcnt IOV_MAX + 1" },
	{ &fd, &huge_iov, 1, 0, EINVAL, "iov_len SSIZE_MAX + 1" },
	{ &pipe_fds[0], &good_iov, 1, 0, ESPIPE, "a pipe" },
	{ &bad_fd, &good_iov, 1, 0, EBADF, "fd -1" },
	{ &wronly_fd, &good_iov, 1, 0, EBADF, "an O_WRONLY fd" },
	{ &dir_fd, &good_iov, 1, 0, EISDIR, "a directory" },
	{ &fd, &bad_iov, 1, 0, EFAULT, "iovec array in an unmapped page" },
	{ &fd, &bad_base_iov, 1, 0, EFAULT, "buffer in an unmapped page" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	memset(buf, 0, sizeof(buf));
	TST_EXP_FAIL(preadv(*tc->fd, *tc->iov, tc->cnt, tc->off),
		     tc->exp_errno, "preadv(%s)", tc->desc);
	TST_EXP_EXPR(!buf[0] && SAFE_LSEEK(fd, 0, SEEK_CUR) == 0,
		     "nothing read, file offset still 0");
}

static void setup(void)
{
	int i;

	for (i = 0; i <= IOV_MAX; i++) {
		many[i].iov_base = buf;
		many[i].iov_len = 1;
	}
	huge[0].iov_base = buf;
	huge[0].iov_len = (size_t)SSIZE_MAX + 1;
	bad_iov = fio_bad_addr();
	bad_base[0].iov_base = bad_iov;
	bad_base[0].iov_len = 1;

	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, fd, "data", 4);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	wronly_fd = SAFE_OPEN(FNAME, O_WRONLY);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	SAFE_PIPE(pipe_fds);
	SAFE_WRITE(1, pipe_fds[1], "p", 1);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
