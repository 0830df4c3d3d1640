// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readahead(2) accepts only what has a page cache to fill, with exact
 * errors:
 * - EBADF for fd -1, an O_PATH fd, a file opened O_WRONLY and a pipe's
 *   write end (not open for reading),
 * - EINVAL for a pipe's read end, an AF_UNIX socket, a directory, an
 *   eventfd and /dev/null (neither regular files nor block devices),
 * - 0 for a regular file opened for reading (the control case).
 * Before 58d5640ebdb2 readahead() let pipes, sockets and the other
 * non-regular files through to fadvise, where they "succeeded".
 */
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tst_test.h"

#define FILE_NAME "readahead01_file"

static int bad_fd = -1, path_fd = -1, wronly_fd = -1, rdonly_fd = -1;
static int pipe_fds[2] = { -1, -1 };
static int sock_fds[2] = { -1, -1 };
static int dir_fd = -1, event_fd = -1, null_fd = -1;

static struct tcase {
	int *fd;
	int exp_errno;		/* 0: must succeed */
	const char *desc;
} tcases[] = {
	{ &bad_fd, EBADF, "fd -1" },
	{ &path_fd, EBADF, "an O_PATH fd" },
	{ &wronly_fd, EBADF, "a regular file opened O_WRONLY" },
	{ &pipe_fds[1], EBADF, "the write end of a pipe" },
	{ &pipe_fds[0], EINVAL, "the read end of a pipe" },
	{ &sock_fds[0], EINVAL, "an AF_UNIX stream socket" },
	{ &dir_fd, EINVAL, "a directory" },
	{ &event_fd, EINVAL, "an eventfd" },
	{ &null_fd, EINVAL, "/dev/null" },
	{ &rdonly_fd, 0, "a regular file opened O_RDONLY" },
};

static void setup(void)
{
	struct stat st;
	char data[4096] = { 1 };

	wronly_fd = SAFE_OPEN(FILE_NAME, O_WRONLY | O_CREAT, 0600);
	SAFE_WRITE(1, wronly_fd, data, sizeof(data));
	rdonly_fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
	SAFE_PIPE(pipe_fds);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sock_fds);
	dir_fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	event_fd = eventfd(0, 0);
	if (event_fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	/* A guest with a bare /dev may lack it: that case then TCONFs. */
	if (!stat("/dev/null", &st) && S_ISCHR(st.st_mode))
		null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		SAFE_CLOSE(*fd);
}

static void cleanup(void)
{
	close_fd(&path_fd);
	close_fd(&wronly_fd);
	close_fd(&rdonly_fd);
	close_fd(&pipe_fds[0]);
	close_fd(&pipe_fds[1]);
	close_fd(&sock_fds[0]);
	close_fd(&sock_fds[1]);
	close_fd(&dir_fd);
	close_fd(&event_fd);
	close_fd(&null_fd);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];

	if (tc->fd == &null_fd && null_fd < 0) {
		tst_res(TCONF, "/dev/null is missing or not a character device");
		return;
	}

	if (tc->exp_errno) {
		TST_EXP_FAIL(readahead(*tc->fd, 0, 4096), tc->exp_errno,
			     "readahead() on %s", tc->desc);
	} else {
		TST_EXP_PASS(readahead(*tc->fd, 0, 4096),
			     "readahead() on %s", tc->desc);
	}
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "58d5640ebdb2" },
		{ NULL, NULL }
	},
};
