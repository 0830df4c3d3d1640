// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * close(): deallocates the descriptor: it is then free for the next
 * open(), which returns the lowest free number, that one; a second
 * close() of it, of a negative number and of a number never opened fail
 * with [EBADF]; closing one of two descriptors of the same open file
 * description leaves the other usable, with the shared offset.
 */
#include "pts_helpers.h"

int main(void)
{
	char path[] = "/tmp/close_1-1.XXXXXX", c;
	int fd, d, n;

	fd = mkstemp(path);
	if (fd < 0)
		PTS_UNRES("mkstemp(): %m");
	unlink(path);
	if (write(fd, "abc", 3) != 3 || lseek(fd, 1, SEEK_SET) != 1)
		PTS_UNRES("write/lseek: %m");
	d = dup(fd);
	if (close(fd))
		PTS_FAILED("close(): %m");
	if (read(d, &c, 1) != 1 || c != 'b')
		PTS_FAILED("the dup lost the shared offset or data");
	PTS_EXPECT_ERRNO(close(fd), EBADF, "second close()");
	PTS_EXPECT_ERRNO(close(-1), EBADF, "close(-1)");
	PTS_EXPECT_ERRNO(close(4000), EBADF, "close(4000)");
	PTS_EXPECT_ERRNO(fcntl(fd, F_GETFD), EBADF, "F_GETFD of the closed fd");
	n = open("/dev/null", O_RDONLY);
	if (n != fd)
		PTS_FAILED("next open() returned %d, expected the freed %d", n, fd);
	close(n);
	close(d);
	PTS_PASSED("freed for reuse, EBADF, dup unaffected");
}
