// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): "The FD_CLOEXEC file descriptor flag associated with the
 * new file descriptor shall be set", and "The file descriptor used by
 * the process shall be the lowest numbered file descriptor not
 * currently open for that process." With descriptor lo free below the
 * highest one open, shm_open() returns lo, with FD_CLOEXEC; opening the
 * same object again (without O_CREAT) sets FD_CLOEXEC too.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	char name[64];
	int lo, hi, fd, fd2, fl;

	snprintf(name, sizeof(name), "/pts_shm_open4_%d", (int)getpid());
	lo = open("/dev/null", O_RDONLY);
	hi = open("/dev/null", O_RDONLY);
	if (lo < 0 || hi < 0)
		PTS_UNRES("open(/dev/null): %m");
	close(lo);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	fd2 = shm_open(name, O_RDONLY, 0);
	shm_unlink(name);
	if (fd2 < 0)
		PTS_FAILED("shm_open() of the existing object: %m");
	fl = fcntl(fd, F_GETFD);
	printf("lowest free %d: shm_open() gave %d, flags %#x; second open %d flags %#x\n",
	       lo, fd, fl, fd2, fcntl(fd2, F_GETFD));
	if (fd != lo)
		PTS_FAILED("descriptor %d, expected the lowest free one, %d", fd, lo);
	if (!(fl & FD_CLOEXEC))
		PTS_FAILED("FD_CLOEXEC not set on the new descriptor");
	if (!(fcntl(fd2, F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("FD_CLOEXEC not set when opening an existing object");
	PTS_PASSED("lowest descriptor, FD_CLOEXEC set");
}
