// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * writev(2) argument checks, each with its exact result and nothing
 * written:
 * - EINVAL for iovcnt -1 and iovcnt IOV_MAX + 1,
 * - EINVAL for an iov_len above SSIZE_MAX, alone or after a valid iovec
 *   (so that the total overflows ssize_t),
 * - EBADF for fd -1, an O_PATH fd and a file opened O_RDONLY,
 * - iovcnt 0 returns 0.
 * Two valid iovecs whose lengths are each below SSIZE_MAX but add up above
 * it are not tested: Linux rejects each such range as lying outside the
 * address space (EFAULT) before it adds the lengths.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <sys/uio.h>
#include "tst_test.h"

#define FILE_NAME "writev02_file"

static int fd = -1, rdonly_fd = -1, path_fd = -1, bad_fd = -1;
static char data[] = "abcdefghijklmnop";
#define DATA_LEN (sizeof(data) - 1)
static struct iovec one_iov[] = { { data, DATA_LEN } };
static struct iovec neg_iov[] = { { data, (size_t)SSIZE_MAX + 1 } };
static struct iovec wrap_iov[] = {
	{ data, DATA_LEN },
	{ data, SIZE_MAX },
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
	{ &rdonly_fd, one_iov, 1, EBADF, "a file opened O_RDONLY" },
	{ &fd, one_iov, 0, 0, "iovcnt 0" },
};

static void setup(void)
{
	int i;

	for (i = 0; i < IOV_MAX + 1; i++) {
		many_iov[i].iov_base = data;
		many_iov[i].iov_len = 1;
	}
	fd = SAFE_OPEN(FILE_NAME, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	rdonly_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (rdonly_fd >= 0)
		SAFE_CLOSE(rdonly_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct stat st;

	if (tc->exp_errno) {
		TST_EXP_FAIL(writev(*tc->fd, tc->iov, tc->cnt), tc->exp_errno,
			     "writev() with %s", tc->desc);
	} else {
		TST_EXP_VAL(writev(*tc->fd, tc->iov, tc->cnt), 0,
			    "writev() with %s", tc->desc);
	}
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
	/* Keep later cases meaningful even after a bogus write. */
	if (st.st_size) {
		SAFE_FTRUNCATE(fd, 0);
		SAFE_LSEEK(fd, 0, SEEK_SET);
	}
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
