// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): [ENOMEM] when some or all of the range are not valid
 * mapped pages: wholly in a hole, and a range from locked pages into
 * the hole after them. A range of mapped pages then unlocks (VmLck back
 * where it was before the lock).
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = pg / 1024, lck;
	char *m;

	m = mmap(NULL, 6 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || munmap(m + 4 * pg, 2 * pg))
		PTS_UNRES("set-up: %m");
	lck = pts_status_kb("VmLck:");
	if (mlock(m, 4 * pg))
		PTS_UNRES("mlock(): %m");
	PTS_EXPECT_ERRNO(munlock(m + 4 * pg, 2 * pg), ENOMEM,
			 "munlock() of a hole");
	PTS_EXPECT_ERRNO(munlock(m + 3 * pg, 2 * pg), ENOMEM,
			 "munlock() from locked pages into a hole");
	printf("VmLck after the failed calls: %ld kB (locked 4 pages: %ld)\n",
	       pts_status_kb("VmLck:"), lck + 4 * kb);
	if (munlock(m, 4 * pg))
		PTS_FAILED("munlock() of the mapped pages: %m");
	if (pts_status_kb("VmLck:") != lck)
		PTS_FAILED("VmLck %ld kB, expected %ld", pts_status_kb("VmLck:"),
			   lck);
	PTS_PASSED("ENOMEM for ranges with unmapped pages; mapped pages unlock");
}
