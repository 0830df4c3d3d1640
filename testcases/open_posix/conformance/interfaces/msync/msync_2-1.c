// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msync() with MS_INVALIDATE: [EBUSY] "Some or all of the addresses in
 * the range starting at addr and continuing for len bytes are locked,
 * and MS_INVALIDATE is specified." After mlock() of a shared file
 * mapping msync(MS_SYNC | MS_INVALIDATE) fails with EBUSY; after
 * munlock() it succeeds, and MS_ASYNC | MS_INVALIDATE too. The data
 * written stays visible through the mapping and the file.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[4];
	char *p;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_msync2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, pg))
		PTS_UNRES("file: %m");
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memcpy(p, "abc", 3);
	if (mlock(p, pg))
		PTS_UNRES("mlock(): %m");
	PTS_EXPECT_ERRNO(msync(p, pg, MS_SYNC | MS_INVALIDATE), EBUSY,
			 "MS_INVALIDATE of locked pages");
	munlock(p, pg);
	if (msync(p, pg, MS_SYNC | MS_INVALIDATE))
		PTS_FAILED("MS_SYNC | MS_INVALIDATE after munlock: %m");
	if (msync(p, pg, MS_ASYNC | MS_INVALIDATE))
		PTS_FAILED("MS_ASYNC | MS_INVALIDATE: %m");
	if (memcmp(p, "abc", 3) || pread(fd, buf, 3, 0) != 3 ||
	    memcmp(buf, "abc", 3))
		PTS_FAILED("data lost after MS_INVALIDATE");
	PTS_PASSED("EBUSY for locked pages, MS_INVALIDATE otherwise accepted");
}
