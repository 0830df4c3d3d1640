// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup3() (POSIX.1-2024) is dup2() with flags: fildes2 refers to the
 * same open file description (shared offset) and has FD_CLOEXEC set
 * exactly when O_CLOEXEC is given, fildes keeping its own flag; an open
 * fildes2 is closed first (its file's data kept elsewhere). Unlike
 * dup2(), fildes equal to fildes2 fails with [EINVAL]; other flag bits
 * [EINVAL]; [EBADF] for a closed fildes (fildes2 left open) or a
 * negative fildes2.
 */
#include "pts_helpers.h"

int main(void)
{
	char path[] = "/tmp/dup3_1-1.XXXXXX";
	int fd, other, r, p[2];

	fd = mkstemp(path);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %s", strerror(errno));
	unlink(path);
	if (write(fd, "0123456789", 10) != 10 || lseek(fd, 2, SEEK_SET) != 2)
		PTS_UNRES("write(): %s", strerror(errno));
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	other = p[0];
	r = dup3(fd, other, O_CLOEXEC);
	if (r != other)
		PTS_FAILED("dup3(O_CLOEXEC) returned %d, expected %d", r, other);
	if (!(fcntl(other, F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("O_CLOEXEC not set on fildes2");
	if (lseek(other, 0, SEEK_CUR) != 2 || lseek(other, 5, SEEK_SET) != 5 ||
	    lseek(fd, 0, SEEK_CUR) != 5)
		PTS_FAILED("the offset is not shared");
	r = dup3(fd, other, 0);
	if (r != other || (fcntl(other, F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("dup3(0): %d, FD_CLOEXEC %d", r,
			   fcntl(other, F_GETFD) & FD_CLOEXEC);
	if (!(fcntl(fd, F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("fildes lost its own FD_CLOEXEC");
	/* the pipe's read end was replaced: its write end sees no reader */
	signal(SIGPIPE, SIG_IGN);
	PTS_EXPECT_ERRNO(write(p[1], "x", 1), EPIPE, "write to the pipe whose reader was replaced");

	PTS_EXPECT_ERRNO(dup3(fd, fd, 0), EINVAL, "dup3(fd, fd)");
	PTS_EXPECT_ERRNO(dup3(fd, fd, O_CLOEXEC), EINVAL, "dup3(fd, fd, O_CLOEXEC)");
	PTS_EXPECT_ERRNO(dup3(fd, other, O_NONBLOCK), EINVAL, "dup3(O_NONBLOCK)");
	close(p[1]);
	PTS_EXPECT_ERRNO(dup3(p[1], other, 0), EBADF, "closed fildes");
	if (fcntl(other, F_GETFD) == -1)
		PTS_FAILED("a failed dup3() closed fildes2");
	PTS_EXPECT_ERRNO(dup3(fd, -1, 0), EBADF, "fildes2 -1");
	PTS_PASSED("shared description, O_CLOEXEC exactly as asked, old fildes2 closed; EINVAL (same fd, flags), EBADF");
}
