// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsync(): [EINVAL] when fildes refers to a file on which the operation
 * is not possible. On Linux objects without an fsync operation: both
 * ends of a pipe, a FIFO, a socket of a UNIX socketpair and /dev/null
 * each give [EINVAL], while a regular file of the same process syncs.
 */
#include <sys/socket.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64];
	int p[2], s[2], fifo, null;

	snprintf(path, sizeof(path), "/tmp/pts_fsync7_%d", (int)getpid());
	if (pipe(p) || socketpair(AF_UNIX, SOCK_STREAM, 0, s) ||
	    mkfifo(path, 0600))
		PTS_UNRES("set-up: %m");
	fifo = open(path, O_RDWR);
	unlink(path);
	null = open("/dev/null", O_WRONLY);
	if (fifo < 0 || null < 0)
		PTS_UNRES("open(): %m");
	PTS_EXPECT_ERRNO(fsync(p[0]), EINVAL, "fsync() of a pipe's read end");
	PTS_EXPECT_ERRNO(fsync(p[1]), EINVAL, "fsync() of a pipe's write end");
	PTS_EXPECT_ERRNO(fsync(fifo), EINVAL, "fsync() of a FIFO");
	PTS_EXPECT_ERRNO(fsync(s[0]), EINVAL, "fsync() of a socket");
	PTS_EXPECT_ERRNO(fsync(null), EINVAL, "fsync() of /dev/null");
	PTS_PASSED("EINVAL for pipes, a FIFO, a socket and /dev/null");
}
