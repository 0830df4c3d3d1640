// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): "Upon unsuccessful completion, no change is made to any
 * locks in the address space of the process." Two locked pages followed
 * by two unmapped ones: munlock() of all four fails with [ENOMEM]; the
 * two pages should stay locked (VmLck unchanged, "lo" flag). Linux
 * unlocks the mapped part before it finds the hole
 * (apply_vma_lock_flags() in mm/mlock.c): reported as a known issue
 * when exactly those two pages are unlocked, a failure otherwise.
 */
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_proc_self.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), base, v;
	int lo;
	char *m;

	m = pts_pages_then_hole(pg);
	if (mlock(m, 2 * pg))
		PTS_UNRES("mlock(): %m");
	base = pts_status_kb("VmLck:");
	PTS_EXPECT_ERRNO(munlock(m, 4 * pg), ENOMEM,
			 "munlock() of 2 locked pages and a 2-page hole");
	v = pts_status_kb("VmLck:");
	lo = pts_locked_vma(m);
	printf("VmLck %ld kB before, %ld kB after the failed munlock(); lo %d\n",
	       base, v, lo);
	if (v == base && lo == 1)
		PTS_PASSED("ENOMEM, the 2 pages still locked");
	if (v == base - 2 * pg / 1024 && lo == 0)
		PTS_KNOWN_ISSUE("munlock, no change on failure",
				"Linux unlocked the 2 mapped pages before the hole");
	PTS_FAILED("VmLck %ld kB (was %ld), lo %d after a failed munlock()", v,
		   base, lo);
}
