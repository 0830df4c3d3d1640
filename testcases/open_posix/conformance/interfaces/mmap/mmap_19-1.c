// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [EBADF] when fildes is not a valid open file descriptor: -1,
 * a just closed descriptor, one above {OPEN_MAX}, and (on
 * Linux) an O_PATH descriptor, which opens no file for I/O. A MAP_FIXED
 * request failing so leaves the mapping it named in place.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static char *fixed;
static long pg;

static void ebadf(int fd, const char *what)
{
	errno = 0;
	if (mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0) != MAP_FAILED ||
	    errno != EBADF)
		PTS_FAILED("%s: %s, expected EBADF", what, strerrorname_np(errno));
	errno = 0;
	if (mmap(fixed, pg, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) !=
	    MAP_FAILED || errno != EBADF)
		PTS_FAILED("%s with MAP_FIXED: %s, expected EBADF", what,
			   strerrorname_np(errno));
	if (strcmp(fixed, "kept"))
		PTS_FAILED("%s: the MAP_FIXED target lost its data", what);
}

int main(void)
{
	char path[64];
	int fd, op, closed;

	pg = sysconf(_SC_PAGESIZE);
	fixed = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	snprintf(path, sizeof(path), "/tmp/pts_mmap19_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	op = open(path, O_PATH);
	unlink(path);
	if (fixed == MAP_FAILED || fd < 0 || op < 0 || ftruncate(fd, pg))
		PTS_UNRES("set-up: %m");
	strcpy(fixed, "kept");
	ebadf(-1, "fd -1");
	ebadf(op, "an O_PATH descriptor");
	closed = dup(fd);
	if (closed < 0 || close(closed))
		PTS_UNRES("dup/close: %m");
	ebadf(closed, "a just closed descriptor");
	ebadf((int)sysconf(_SC_OPEN_MAX) + 10, "above OPEN_MAX");
	PTS_PASSED("EBADF for -1, closed, out-of-range and O_PATH descriptors");
}
