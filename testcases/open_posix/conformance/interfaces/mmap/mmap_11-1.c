// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [ENODEV] "the fildes argument refers to a file whose type is
 * not supported by mmap()": a directory and a socket; [EBADF] for a
 * closed descriptor with MAP_SHARED and MAP_PRIVATE; MAP_ANONYMOUS is
 * not needed for /dev/zero, whose private mapping reads zeros and takes
 * writes privately. Nothing is mapped by a failed call (the address of
 * a MAP_FIXED failure keeps its old contents).
 */
#include <sys/mman.h>
#include <sys/socket.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	int d, s, z, fd;
	char *m, *keep;

	keep = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (keep == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	keep[0] = 'K';
	d = open("/tmp", O_RDONLY | O_DIRECTORY);
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	if (d < 0 || s < 0)
		PTS_UNRES("open/socket: %m");
	PTS_EXPECT_ERRNO(mmap(NULL, pg, PROT_READ, MAP_PRIVATE, d, 0), ENODEV,
			 "mmap() of a directory");
	PTS_EXPECT_ERRNO(mmap(keep, pg, PROT_READ, MAP_SHARED | MAP_FIXED, d, 0),
			 ENODEV, "MAP_FIXED mmap() of a directory");
	if (keep[0] != 'K')
		PTS_FAILED("the failed MAP_FIXED call changed the old mapping");
	errno = 0;
	m = mmap(NULL, pg, PROT_READ, MAP_SHARED, s, 0);
	if (m != MAP_FAILED || errno != ENODEV)
		PTS_FAILED("mmap() of a socket: %s, expected ENODEV",
			   m == MAP_FAILED ? strerrorname_np(errno) : "mapped");
	fd = open("/dev/null", O_RDONLY);
	close(fd);
	PTS_EXPECT_ERRNO(mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0), EBADF,
			 "MAP_SHARED of a closed fd");
	PTS_EXPECT_ERRNO(mmap(NULL, pg, PROT_READ, MAP_PRIVATE, fd, 0), EBADF,
			 "MAP_PRIVATE of a closed fd");
	z = open("/dev/zero", O_RDWR);
	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, z, 0);
	if (m == MAP_FAILED)
		PTS_FAILED("private mapping of /dev/zero: %m");
	if (m[0] || m[2 * pg - 1])
		PTS_FAILED("/dev/zero mapping does not read zeros");
	m[5] = 'w';
	if (m[5] != 'w')
		PTS_FAILED("write to the private /dev/zero mapping lost");
	PTS_PASSED("ENODEV for a directory and a socket, EBADF, /dev/zero");
}
