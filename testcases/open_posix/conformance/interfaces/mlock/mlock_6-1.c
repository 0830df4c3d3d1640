// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock(): "Upon unsuccessful completion, no change is made to any
 * locks in the address space of the process." A range of two mapped
 * pages followed by two unmapped ones fails with [ENOMEM]; the two
 * mapped pages should then still be unlocked (VmLck unchanged, no "lo"
 * flag). Linux locks the mapped part before it finds the hole
 * (apply_vma_lock_flags() in mm/mlock.c): reported as a known issue
 * when exactly those two pages are locked, a failure otherwise.
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
	base = pts_status_kb("VmLck:");
	PTS_EXPECT_ERRNO(mlock(m, 4 * pg), ENOMEM,
			 "mlock() of 2 mapped pages and a 2-page hole");
	v = pts_status_kb("VmLck:");
	lo = pts_locked_vma(m);
	printf("VmLck %ld kB before, %ld kB after the failed mlock(); lo %d\n",
	       base, v, lo);
	if (v == base && lo == 0)
		PTS_PASSED("ENOMEM, no page locked");
	if (v == base + 2 * pg / 1024 && lo == 1)
		PTS_KNOWN_ISSUE("mlock, no change on failure",
				"Linux locked the 2 mapped pages before the hole");
	PTS_FAILED("VmLck %ld kB (was %ld), lo %d after a failed mlock()", v,
		   base, lo);
}
