// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe2() (POSIX.1-2024) makes a pipe like pipe() with flags applied to
 * both ends: O_CLOEXEC sets FD_CLOEXEC on each (F_GETFD), O_NONBLOCK
 * sets it in each description (F_GETFL; a read of the empty pipe fails
 * with [EAGAIN]); flags 0 sets neither. The data passes in order. Any
 * other flag bit fails with [EINVAL] and no descriptor is made (the
 * lowest free number stays free).
 */
#include "pts_helpers.h"

static void check(int flags, const char *what)
{
	int p[2], i;
	char c[4];

	if (pipe2(p, flags))
		PTS_FAILED("pipe2(%s): %s", what, strerror(errno));
	for (i = 0; i < 2; i++) {
		int fd = fcntl(p[i], F_GETFD), fl = fcntl(p[i], F_GETFL);

		if (!!(fd & FD_CLOEXEC) != !!(flags & O_CLOEXEC))
			PTS_FAILED("%s: end %d FD_CLOEXEC %d", what, i, fd & FD_CLOEXEC);
		if (!!(fl & O_NONBLOCK) != !!(flags & O_NONBLOCK))
			PTS_FAILED("%s: end %d O_NONBLOCK %d", what, i,
				   !!(fl & O_NONBLOCK));
		if ((fl & O_ACCMODE) != (i ? O_WRONLY : O_RDONLY))
			PTS_FAILED("%s: end %d access mode %d", what, i, fl & O_ACCMODE);
	}
	if (flags & O_NONBLOCK)
		PTS_EXPECT_ERRNO(read(p[0], c, 1), EAGAIN, "read of an empty O_NONBLOCK pipe");
	if (write(p[1], "abc", 3) != 3 || read(p[0], c, 4) != 3 ||
	    memcmp(c, "abc", 3))
		PTS_FAILED("%s: data did not pass", what);
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	int p[2] = { -1, -1 }, lowest;

	check(0, "0");
	check(O_CLOEXEC, "O_CLOEXEC");
	check(O_NONBLOCK, "O_NONBLOCK");
	check(O_CLOEXEC | O_NONBLOCK, "O_CLOEXEC|O_NONBLOCK");
	lowest = dup(0);
	close(lowest);
	PTS_EXPECT_ERRNO(pipe2(p, O_APPEND), EINVAL, "pipe2(O_APPEND)");
	PTS_EXPECT_ERRNO(pipe2(p, 0x40000000), EINVAL, "pipe2(unknown bit)");
	if (fcntl(lowest, F_GETFD) != -1 || errno != EBADF)
		PTS_FAILED("a failed pipe2() left descriptor %d open", lowest);
	PTS_PASSED("O_CLOEXEC and O_NONBLOCK on both ends, modes, data; EINVAL makes nothing");
}
