// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [EOVERFLOW] when, for a regular file, off plus len exceeds the
 * offset maximum of the open file description. On a 64-bit Linux the
 * maximum is 2^63 - 1: at off = 2^63 - 2 pages a one-page mapping stays
 * below it and succeeds (pages beyond EOF), while two pages (and three)
 * reach 2^63 and fail with [EOVERFLOW].
 */
#include <stdint.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	off_t off = (off_t)(INT64_MAX - 2 * pg + 1);
	char path[64];
	void *m;
	int fd;

	if (sizeof(off_t) < 8)
		PTS_UNSUPP("a 32-bit off_t");
	snprintf(path, sizeof(path), "/tmp/pts_mmap31_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	m = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, off);
	if (m == MAP_FAILED)
		PTS_FAILED("one page at offset 2^63 - 2 pages: %m");
	munmap(m, pg);
	errno = 0;
	if (mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, off) != MAP_FAILED ||
	    errno != EOVERFLOW)
		PTS_FAILED("two pages ending at 2^63: %s, expected EOVERFLOW",
			   strerrorname_np(errno));
	errno = 0;
	if (mmap(NULL, 3 * pg, PROT_READ, MAP_PRIVATE, fd, off) != MAP_FAILED ||
	    errno != EOVERFLOW)
		PTS_FAILED("three pages past 2^63: %s, expected EOVERFLOW",
			   strerrorname_np(errno));
	PTS_PASSED("the last page below 2^63 maps; one page more EOVERFLOW");
}
