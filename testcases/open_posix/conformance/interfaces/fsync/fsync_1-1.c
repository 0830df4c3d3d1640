// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsync(): returns 0 for a regular file with written data, which is then
 * there to read through another descriptor; also for a descriptor open
 * read-only and for a directory; [EBADF] for a closed descriptor;
 * [EINVAL] for a descriptor on which synchronising is not possible (a
 * pipe, a socket).
 */
#include <sys/socket.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8];
	int fd, ro, d, p[2], sv[2];

	snprintf(path, sizeof(path), "/tmp/pts_fsync_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	if (write(fd, "synced", 6) != 6)
		PTS_UNRES("write(): %m");
	if (fsync(fd))
		PTS_FAILED("fsync() of a written file: %m");
	ro = open(path, O_RDONLY);
	unlink(path);
	if (read(ro, buf, 6) != 6 || memcmp(buf, "synced", 6))
		PTS_FAILED("data not there after fsync()");
	if (fsync(ro))
		PTS_FAILED("fsync() of a read-only fd: %m");
	d = open("/tmp", O_RDONLY | O_DIRECTORY);
	if (fsync(d))
		PTS_FAILED("fsync() of a directory: %m");
	close(fd);
	PTS_EXPECT_ERRNO(fsync(fd), EBADF, "fsync() of a closed fd");
	if (pipe(p) || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		PTS_UNRES("pipe()/socketpair(): %m");
	PTS_EXPECT_ERRNO(fsync(p[1]), EINVAL, "fsync() of a pipe");
	PTS_EXPECT_ERRNO(fsync(sv[0]), EINVAL, "fsync() of a socket");
	PTS_PASSED("0 for files and directories, EBADF, EINVAL");
}
