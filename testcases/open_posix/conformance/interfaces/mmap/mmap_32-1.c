// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [EINVAL] when len is zero: for a file (MAP_SHARED and
 * MAP_PRIVATE), for anonymous memory, and with MAP_FIXED at an address
 * already mapped, whose mapping keeps its data. One byte maps.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64];
	char *m, *one;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_mmap32_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	m = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (fd < 0 || ftruncate(fd, pg) || m == MAP_FAILED)
		PTS_UNRES("set-up: %m");
	strcpy(m, "mapped");
	PTS_EXPECT_ERRNO(mmap(NULL, 0, PROT_READ, MAP_SHARED, fd, 0) ==
			 MAP_FAILED ? -1 : 0, EINVAL, "len 0, MAP_SHARED file");
	PTS_EXPECT_ERRNO(mmap(NULL, 0, PROT_READ, MAP_PRIVATE, fd, 0) ==
			 MAP_FAILED ? -1 : 0, EINVAL, "len 0, MAP_PRIVATE file");
	PTS_EXPECT_ERRNO(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			      -1, 0) == MAP_FAILED ? -1 : 0, EINVAL,
			 "len 0, anonymous");
	PTS_EXPECT_ERRNO(mmap(m, 0, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) ==
			 MAP_FAILED ? -1 : 0, EINVAL, "len 0, MAP_FIXED");
	if (strcmp(m, "mapped"))
		PTS_FAILED("the mapping at the MAP_FIXED address changed");
	one = mmap(NULL, 1, PROT_READ, MAP_SHARED, fd, 0);
	if (one == MAP_FAILED)
		PTS_FAILED("len 1: %m");
	PTS_PASSED("EINVAL for len 0 in every form; len 1 maps");
}
