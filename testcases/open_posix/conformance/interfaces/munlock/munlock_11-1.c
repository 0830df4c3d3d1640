// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): [EINVAL] for an addr that is not a multiple of {PAGESIZE}
 * is a "may fail"; Linux unlocks the whole pages holding any part of
 * the range: of 4 locked pages, 1 byte at offset 100 of the second
 * unlocks exactly that page, 2 bytes across the third and fourth unlock
 * both (VmLck and smaps "lo" per page), the first stays locked.
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = pg / 1024, lck;
	char *m;
	int r;

	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	lck = pts_status_kb("VmLck:");
	if (mlock(m, 4 * pg))
		PTS_UNRES("mlock(): %m");
	r = munlock(m + pg + 100, 1);
	if (r && errno == EINVAL)
		PTS_UNSUPP("munlock() of an unaligned address: EINVAL (allowed)");
	if (r)
		PTS_FAILED("munlock(page + 100, 1): %m");
	if (pts_status_kb("VmLck:") != lck + 3 * kb)
		PTS_FAILED("VmLck %ld kB, expected %ld (one page unlocked)",
			   pts_status_kb("VmLck:"), lck + 3 * kb);
	if (munlock(m + 3 * pg - 1, 2))
		PTS_FAILED("munlock() of 2 bytes across a boundary: %m");
	if (pts_status_kb("VmLck:") != lck + kb)
		PTS_FAILED("VmLck %ld kB, expected %ld (only the first locked)",
			   pts_status_kb("VmLck:"), lck + kb);
	if (pts_locked_vma(m) != 1 || pts_locked_vma(m + pg) != 0 ||
	    pts_locked_vma(m + 2 * pg) != 0 || pts_locked_vma(m + 3 * pg) != 0)
		PTS_FAILED("smaps: the locked page is not exactly the first");
	PTS_PASSED("unaligned ranges unlock the whole pages holding them");
}
