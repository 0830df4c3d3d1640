// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap(): "If there are no mappings in the specified address range,
 * then munmap() has no effect." The middle page of three is unmapped;
 * unmapping it again, and a whole eight-page range whose mapping was
 * already removed, return 0 and change nothing: the two neighbours
 * keep their data and stay writable, the hole stays a hole (msync()
 * [ENOMEM]).
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *a, *b;

	a = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	b = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED || b == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	a[0] = 'L';
	a[2 * pg] = 'R';
	if (munmap(a + pg, pg) || munmap(b, 8 * pg))
		PTS_UNRES("munmap(): %m");
	if (munmap(a + pg, pg))
		PTS_FAILED("munmap() of the hole again: %m");
	if (munmap(b, 8 * pg))
		PTS_FAILED("munmap() of an already removed range: %m");
	if (a[0] != 'L' || a[2 * pg] != 'R')
		PTS_FAILED("a neighbour's data changed");
	a[pg - 1] = 'l';
	a[2 * pg + 1] = 'r';
	if (msync(a, pg, MS_ASYNC) || msync(a + 2 * pg, pg, MS_ASYNC))
		PTS_FAILED("a neighbour no longer mapped: %m");
	PTS_EXPECT_ERRNO(msync(a + pg, pg, MS_ASYNC), ENOMEM, "msync() of the hole");
	PTS_EXPECT_ERRNO(msync(b, 8 * pg, MS_ASYNC), ENOMEM, "msync() of the removed range");
	PTS_PASSED("munmap() of ranges with no mapping returns 0 and changes nothing");
}
