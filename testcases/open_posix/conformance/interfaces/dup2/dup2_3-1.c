// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup2() and FD_CLOEXEC: "If fildes2 is equal to fildes, dup2() shall
 * return fildes2 without closing it" - the descriptor keeps its
 * FD_CLOEXEC flag; when they differ, the new fildes2 has
 * FD_CLOEXEC clear even though the old fildes2 and fildes had it set,
 * and fildes keeps its own flag. dup2(fd, fd) of a descriptor that is
 * not open fails with [EBADF].
 */
#include "pts_helpers.h"

int main(void)
{
	int a, b, r;

	a = open("/dev/null", O_RDONLY | O_CLOEXEC);
	b = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	if (a < 0 || b < 0)
		PTS_UNRES("open(): %m");
	r = dup2(a, a);
	if (r != a)
		PTS_FAILED("dup2(fd, fd) returned %d, expected %d", r, a);
	if (fcntl(a, F_GETFD) != FD_CLOEXEC)
		PTS_FAILED("dup2(fd, fd) changed FD_CLOEXEC to %d",
			   fcntl(a, F_GETFD));
	r = dup2(a, b);
	if (r != b)
		PTS_FAILED("dup2() returned %d, expected %d", r, b);
	if (fcntl(b, F_GETFD) != 0)
		PTS_FAILED("the new fildes2 has FD_CLOEXEC");
	if (fcntl(a, F_GETFD) != FD_CLOEXEC)
		PTS_FAILED("fildes lost its FD_CLOEXEC");
	close(a);
	PTS_EXPECT_ERRNO(dup2(a, a), EBADF, "dup2(fd, fd) of a closed fd");
	PTS_PASSED("dup2(fd, fd) changes nothing; a new fildes2 has FD_CLOEXEC clear");
}
