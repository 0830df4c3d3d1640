// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock(): [ENOMEM] when some or all of [addr, addr + len) are not
 * valid mapped pages: a range wholly in a hole, one starting in the
 * hole below a mapping and one ending in the hole after it. VmLck stays
 * where it was for the ranges that touch no mapping, and the mapping
 * itself locks (4 pages, exact) once the range is right.
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = pg / 1024, lck;
	char *area, *m;

	/* 8 pages: a hole of 2, 4 mapped, a hole of 2 */
	area = mmap(NULL, 8 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	m = area + 2 * pg;
	if (mmap(m, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != m ||
	    munmap(area, 2 * pg) || munmap(m + 4 * pg, 2 * pg))
		PTS_UNRES("set-up: %m");
	lck = pts_status_kb("VmLck:");
	PTS_EXPECT_ERRNO(mlock(area, 2 * pg), ENOMEM, "mlock() of a hole");
	if (pts_status_kb("VmLck:") != lck)
		PTS_FAILED("VmLck changed by mlock() of a hole");
	PTS_EXPECT_ERRNO(mlock(area + pg, 2 * pg), ENOMEM,
			 "mlock() from the hole into the mapping");
	PTS_EXPECT_ERRNO(mlock(m + 3 * pg, 2 * pg), ENOMEM,
			 "mlock() from the mapping into the hole");
	munlock(m, 4 * pg);
	lck = pts_status_kb("VmLck:");
	if (mlock(m, 4 * pg))
		PTS_FAILED("mlock() of the mapped pages: %m");
	if (pts_status_kb("VmLck:") != lck + 4 * kb)
		PTS_FAILED("VmLck %ld kB after locking 4 pages, expected %ld",
			   pts_status_kb("VmLck:"), lck + 4 * kb);
	PTS_PASSED("ENOMEM for ranges with unmapped pages; the mapping locks");
}
