// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readv(2) argument checks, each with its exact result, nothing read and
 * the file offset unmoved:
 * - EINVAL for iovcnt -1 and iovcnt IOV_MAX + 1,
 * - EINVAL for an iov_len above SSIZE_MAX, alone or after a valid iovec
 *   (so that the total overflows ssize_t),
 * - EBADF for fd -1, an O_PATH fd and a file opened O_WRONLY,
 * - EISDIR for a directory,
 * - iovcnt 0 returns 0.
 * Two valid iovecs whose lengths are each below SSIZE_MAX but add up above
 * it are not tested: Linux rejects each such range as lying outside the
 * address space (EFAULT) before it adds the lengths.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include "tst_test.h"

#define FILE_NAME "readv02_file"
#define BUF_LEN 16

static int fd = -1, wronly_fd = -1, path_fd = -1, dir_fd = -1, bad_fd = -1;
static char buf[BUF_LEN];
static struct iovec one_iov[] = { { buf, BUF_LEN } };
static struct iovec neg_iov[] = { { buf, (size_t)SSIZE_MAX + 1 } };
static struct iovec wrap_iov[] = {
	{ buf, BUF_LEN },
	{ buf, SIZE_MAX },
};
/* IOV_MAX + 1 valid iovecs: only their count may be wrong. */
static struct iovec many_iov[IOV_MAX + 1];

static struct tcase {
	int *fd;
	struct iovec *iov;
	int cnt;
	int exp_errno;		/* 0: must return 0 */
	const char *desc;
} tcases[] = {
	{ &fd, one_iov, -1, EINVAL, "iovcnt -1" },
	{ &fd, many_iov, IOV_MAX + 1, EINVAL, "iovcnt IOV_MAX + 1" },
	{ &fd, neg_iov, 1, EINVAL, "iov_len SSIZE_MAX + 1" },
	{ &fd, wrap_iov, 2, EINVAL, "a valid iovec, then iov_len SIZE_MAX" },
	{ &bad_fd, one_iov, 1, EBADF, "fd -1" },
	{ &path_fd, one_iov, 1, EBADF, "an O_PATH fd" },
	{ &wronly_fd, one_iov, 1, EBADF, "a file opened O_WRONLY" },
	{ &dir_fd, one_iov, 1, EISDIR, "a directory" },
	{ &fd, one_iov, 0, 0, "iovcnt 0" },
};

static void setup(void)
{
	char data[BUF_LEN * 4];
	int i;

	for (i = 0; i < IOV_MAX + 1; i++) {
		many_iov[i].iov_base = buf;
		many_iov[i].iov_len = 1;
	}
	memset(data, 'd', sizeof(data));
	wronly_fd = SAFE_OPEN(FILE_NAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, wronly_fd, data, sizeof(data));
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (wronly_fd >= 0)
		SAFE_CLOSE(wronly_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	unsigned int i;

	memset(buf, 0, sizeof(buf));
	if (tc->exp_errno) {
		TST_EXP_FAIL(readv(*tc->fd, tc->iov, tc->cnt), tc->exp_errno,
			     "readv() with %s", tc->desc);
	} else {
		TST_EXP_VAL(readv(*tc->fd, tc->iov, tc->cnt), 0,
			    "readv() with %s", tc->desc);
	}
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 0);
	for (i = 0; i < sizeof(buf) && !buf[i]; i++)
		;
	TST_EXP_EXPR(i == sizeof(buf), "the buffer is untouched");
	/* Keep later cases meaningful even after a bogus read. */
	SAFE_LSEEK(fd, 0, SEEK_SET);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
