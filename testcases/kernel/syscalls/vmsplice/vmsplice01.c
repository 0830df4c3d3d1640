// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vmsplice(2) argument checks, each with its exact result:
 * - nr_segs == 0 on a pipe succeeds and returns 0 (Linux has always done
 *   so; man-pages a2cf88983114 dropped the old claim of EINVAL),
 * - nr_segs > IOV_MAX fails with EINVAL,
 * - flags outside SPLICE_F_ALL fail with EINVAL,
 * - an fd that is not open, an O_PATH fd, and regular files opened for
 *   writing or for reading (not pipes) fail with EBADF.
 */
#include <fcntl.h>
#include <limits.h>
#include <sys/uio.h>
#include "tst_test.h"

#define FILE_NAME "vmsplice01_file"

/* Every flag vmsplice knows, so that ~ALL_FLAGS has none of them. */
#define ALL_FLAGS (SPLICE_F_MOVE | SPLICE_F_NONBLOCK | SPLICE_F_MORE | \
		   SPLICE_F_GIFT)

static int pipe_fds[2] = { -1, -1 };
static int file_rw_fd = -1, file_ro_fd = -1, path_fd = -1;
static int bad_fd = -1;
static int closed_fd = -1;	/* made free right before its call */
static char byte = 'x';
static struct iovec one_iov = { &byte, 1 };
/* IOV_MAX + 1 valid segments: only their count may be wrong. */
static struct iovec many_iov[IOV_MAX + 1];

static struct tcase {
	int *fd;
	struct iovec *iov;
	unsigned long nr_segs;
	unsigned int flags;
	long exp_ret;		/* when exp_errno == 0 */
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &pipe_fds[1], &one_iov, 0, 0, 0, 0,
	  "nr_segs 0, the pipe's write end" },
	{ &pipe_fds[0], &one_iov, 0, 0, 0, 0,
	  "nr_segs 0, the pipe's read end" },
	{ &pipe_fds[1], many_iov, IOV_MAX + 1, 0, 0, EINVAL,
	  "nr_segs IOV_MAX + 1" },
	{ &pipe_fds[1], &one_iov, 1, ~ALL_FLAGS, 0, EINVAL,
	  "unknown flags" },
	{ &bad_fd, &one_iov, 1, 0, 0, EBADF, "fd -1" },
	{ &closed_fd, &one_iov, 1, 0, 0, EBADF, "a closed fd" },
	{ &path_fd, &one_iov, 1, 0, 0, EBADF, "an O_PATH fd" },
	{ &file_rw_fd, &one_iov, 1, 0, 0, EBADF,
	  "a regular file opened O_RDWR" },
	{ &file_ro_fd, &one_iov, 1, 0, 0, EBADF,
	  "a regular file opened O_RDONLY" },
};

static void setup(void)
{
	unsigned int i;

	for (i = 0; i < IOV_MAX + 1; i++) {
		many_iov[i].iov_base = &byte;
		many_iov[i].iov_len = 1;
	}
	SAFE_PIPE(pipe_fds);
	file_rw_fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT, 0600);
	file_ro_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
}

static void cleanup(void)
{
	if (pipe_fds[0] >= 0)
		SAFE_CLOSE(pipe_fds[0]);
	if (pipe_fds[1] >= 0)
		SAFE_CLOSE(pipe_fds[1]);
	if (file_rw_fd >= 0)
		SAFE_CLOSE(file_rw_fd);
	if (file_ro_fd >= 0)
		SAFE_CLOSE(file_ro_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (tc->fd == &closed_fd) {
		/* A number that was an fd a moment ago and is free now. */
		closed_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
		close(closed_fd);
	}

	if (tc->exp_errno) {
		TST_EXP_FAIL(vmsplice(*tc->fd, tc->iov, tc->nr_segs, tc->flags),
			     tc->exp_errno, "vmsplice() with %s", tc->desc);
	} else {
		TST_EXP_VAL(vmsplice(*tc->fd, tc->iov, tc->nr_segs, tc->flags),
			    tc->exp_ret, "vmsplice() with %s", tc->desc);
	}
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
