// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup()/dup2(): the new descriptor refers to the same open file
 * description (a shared offset and status flags); dup() returns the
 * lowest free number; dup2() closes fildes2 first if open and returns
 * it; "if fildes2 is equal to fildes, dup2() shall return fildes2
 * without closing it"; FD_CLOEXEC is clear on the new descriptor;
 * [EBADF] for a closed fildes (fildes2 then left open) and for a
 * negative fildes2.
 */
#include "pts_helpers.h"

int main(void)
{
	int fd, d, p[2], fl;
	char path[64];

	snprintf(path, sizeof(path), "/tmp/pts_dup_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	unlink(path);
	if (fd < 0 || pipe(p))
		PTS_UNRES("open/pipe: %m");
	close(p[0]);
	d = dup(fd);
	if (d != p[0])
		PTS_FAILED("dup() returned %d, not the lowest free %d", d, p[0]);
	if (fcntl(d, F_GETFD) & FD_CLOEXEC)
		PTS_FAILED("FD_CLOEXEC set on the dup()ed descriptor");
	if (write(fd, "abcdef", 6) != 6 || lseek(d, 0, SEEK_CUR) != 6)
		PTS_FAILED("offset not shared");
	fl = fcntl(fd, F_GETFL);
	fcntl(d, F_SETFL, fl | O_APPEND);
	if (!(fcntl(fd, F_GETFL) & O_APPEND))
		PTS_FAILED("status flags not shared");
	if (dup2(fd, p[1]) != p[1])
		PTS_FAILED("dup2() onto an open descriptor: %m");
	if (lseek(p[1], 0, SEEK_CUR) != 6)
		PTS_FAILED("dup2()'s target does not refer to the file");
	if (dup2(fd, fd) != fd || fcntl(fd, F_GETFD) == -1)
		PTS_FAILED("dup2(fd, fd) closed or failed");
	close(d);
	PTS_EXPECT_ERRNO(dup2(d, p[1]), EBADF, "dup2(closed, open)");
	if (fcntl(p[1], F_GETFD) == -1)
		PTS_FAILED("a failed dup2() closed fildes2");
	PTS_EXPECT_ERRNO(dup2(fd, -1), EBADF, "dup2(fd, -1)");
	PTS_EXPECT_ERRNO(dup(d), EBADF, "dup(closed)");
	PTS_PASSED("shared description, lowest number, dup2 rules, EBADF");
}
