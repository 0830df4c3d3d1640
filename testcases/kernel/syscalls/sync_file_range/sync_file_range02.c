// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sync_file_range(2) errors, each exact:
 * - EINVAL: an unknown flag (8, ~0), a negative offset, a negative
 *   nbytes, offset + nbytes beyond the largest offset;
 * - ESPIPE: a pipe, a FIFO, a socket (not a file, block device,
 *   directory or symlink);
 * - EBADF: fd -1, a closed fd, an O_PATH fd.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "sync_file_range02_file"

static int fd, pipe_fds[2], fifo_fd, sock_fds[2], path_fd, closed_fd;
static int bad_fd = -1;

static struct tcase {
	int *fd;
	off_t off, nbytes;
	unsigned int flags;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ &fd, 0, 0, 8, EINVAL, "flags 8" },
	{ &fd, 0, 0, ~0U, EINVAL, "flags ~0" },
	{ &fd, -1, 0, SYNC_FILE_RANGE_WRITE, EINVAL, "offset -1" },
	{ &fd, 0, -1, SYNC_FILE_RANGE_WRITE, EINVAL, "nbytes -1" },
	{ &fd, INT64_MAX, 1, SYNC_FILE_RANGE_WRITE, EINVAL,
	  "offset INT64_MAX, nbytes 1" },
	{ &pipe_fds[1], 0, 0, SYNC_FILE_RANGE_WRITE, ESPIPE, "a pipe" },
	{ &fifo_fd, 0, 0, SYNC_FILE_RANGE_WRITE, ESPIPE, "a FIFO" },
	{ &sock_fds[0], 0, 0, SYNC_FILE_RANGE_WRITE, ESPIPE, "a socket" },
	{ &bad_fd, 0, 0, SYNC_FILE_RANGE_WRITE, EBADF, "fd -1" },
	{ &closed_fd, 0, 0, SYNC_FILE_RANGE_WRITE, EBADF, "a closed fd" },
	{ &path_fd, 0, 0, SYNC_FILE_RANGE_WRITE, EBADF, "an O_PATH fd" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	TST_EXP_FAIL(sync_file_range(*tc->fd, tc->off, tc->nbytes, tc->flags),
		     tc->exp_errno, "sync_file_range(%s)", tc->desc);
}

static void setup(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, fd, "data", 4);
	SAFE_PIPE(pipe_fds);
	if (mkfifo("fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fifo_fd = SAFE_OPEN("fifo", O_RDWR);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
	path_fd = SAFE_OPEN(FNAME, O_PATH);
	closed_fd = path_fd + 100;
	if (fio_fd_is_open(closed_fd))
		tst_brk(TBROK, "fd %d is unexpectedly open", closed_fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
