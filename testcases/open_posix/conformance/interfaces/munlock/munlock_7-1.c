// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): returns zero on success: exactly 0 for pages locked three
 * times (after which VmLck is back where it was: locks do not nest),
 * for pages never locked, and for an unaligned range inside a locked
 * page.
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

static void zero(int r, const char *what)
{
	if (r != 0)
		PTS_FAILED("%s: munlock() returned %d (%m)", what, r);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), lck;
	char *m;

	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	lck = pts_status_kb("VmLck:");
	if (mlock(m, 2 * pg) || mlock(m, 2 * pg) || mlock(m, pg))
		PTS_UNRES("mlock(): %m");
	zero(munlock(m, 2 * pg), "pages locked three times");
	if (pts_status_kb("VmLck:") != lck)
		PTS_FAILED("VmLck %ld kB after one munlock(), expected %ld",
			   pts_status_kb("VmLck:"), lck);
	zero(munlock(m + 2 * pg, 2 * pg), "pages never locked");
	if (mlock(m, pg))
		PTS_UNRES("mlock(): %m");
	zero(munlock(m + 10, 20), "part of a locked page");
	if (pts_status_kb("VmLck:") != lck)
		PTS_FAILED("the page is still locked after munlock() of part of it");
	PTS_PASSED("munlock() returned 0 in each case");
}
