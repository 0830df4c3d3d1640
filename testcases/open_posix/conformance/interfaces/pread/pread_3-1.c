// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pread() and pwrite(): [ESPIPE] "fildes is associated with a pipe or
 * FIFO". For a named FIFO opened read-write, pread() of 2 bytes at
 * offset 0 and pwrite() of 2 bytes at offset 0 fail with [ESPIPE]:
 * nothing read, nothing written (the 3 bytes written before are all
 * that is read back). A socket, "incapable of seeking", gets an error
 * too; its errno is only printed (POSIX names none for it).
 */
#include <sys/socket.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static void check(int wfd, int rfd, const char *what)
{
	char buf[8] = "";

	if (write(wfd, "abc", 3) != 3)
		PTS_UNRES("write(%s): %m", what);
	PTS_EXPECT_ERRNO(pread(rfd, buf, 2, 0), ESPIPE, what);
	PTS_EXPECT_ERRNO(pwrite(wfd, "XY", 2, 0), ESPIPE, what);
	if (fcntl(rfd, F_SETFL, O_NONBLOCK) ||
	    read(rfd, buf, sizeof(buf)) != 3 || memcmp(buf, "abc", 3))
		PTS_FAILED("%s: data after the failed calls: \"%s\"", what, buf);
}

int main(void)
{
	char path[64];
	int fd, sv[2];

	snprintf(path, sizeof(path), "/tmp/pts_pread3_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	fd = open(path, O_RDWR);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(FIFO): %m");
	check(fd, fd, "FIFO");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		PTS_UNRES("socketpair(): %m");
	errno = 0;
	if (pread(sv[0], path, 2, 0) != -1 || pwrite(sv[0], "XY", 2, 0) != -1)
		PTS_FAILED("pread()/pwrite() on a socket did not fail");
	printf("socket: pwrite() errno %s\n", strerrorname_np(errno));
	PTS_PASSED("ESPIPE from pread() and pwrite() on a FIFO, data kept");
}
