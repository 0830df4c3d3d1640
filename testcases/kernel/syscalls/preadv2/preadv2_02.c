// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preadv2(2) errors, each exact, with nothing read and the file offset
 * unmoved:
 * - EOPNOTSUPP: a flag the kernel does not know (bit 30);
 * - EINVAL: offset -2 (only -1 means "the file offset"), iovcnt
 *   IOV_MAX + 1;
 * - ESPIPE: a pipe with an offset >= 0;
 * - EBADF: fd -1 (with offset 0 and -1), an O_WRONLY fd;
 * - EISDIR: a directory;
 * - EFAULT: the iovec array in an unmapped page.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "preadv2_02_file"

static int fd, wronly_fd, dir_fd, pipe_fds[2];
static int bad_fd = -1;
static char buf[16];
static struct iovec many[IOV_MAX + 1];
static struct iovec *good_iov = many, *bad_iov;

static struct tcase {
	int *fd;
	struct iovec **iov;
	int cnt;
	off_t off;
	int flags;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &fd, &good_iov, 1, 0, 1 << 30, EOPNOTSUPP, "flags bit 30" },
	{ &fd, &good_iov, 1, -1, 1 << 30, EOPNOTSUPP,
	  "flags bit 30, offset -1" },
	{ &fd, &good_iov, 1, -2, 0, EINVAL, "offset -2" },
	{ &fd, &good_iov, IOV_MAX + 1, 0, 0, EINVAL, "iovcnt IOV_MAX + 1" },
	{ &pipe_fds[0], &good_iov, 1, 0, 0, ESPIPE, "a pipe, offset 0" },
	{ &bad_fd, &good_iov, 1, 0, 0, EBADF, "fd -1" },
	{ &bad_fd, &good_iov, 1, -1, 0, EBADF, "fd -1, offset -1" },
	{ &wronly_fd, &good_iov, 1, 0, 0, EBADF, "an O_WRONLY fd" },
	{ &dir_fd, &good_iov, 1, 0, 0, EISDIR, "a directory" },
	{ &fd, &bad_iov, 1, 0, 0, EFAULT, "iovec array in an unmapped page" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	memset(buf, 0, sizeof(buf));
	TST_EXP_FAIL(fio_preadv2(*tc->fd, *tc->iov, tc->cnt, tc->off,
				 tc->flags), tc->exp_errno, "preadv2(%s)",
		     tc->desc);
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
	bad_iov = fio_bad_addr();
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
