// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock(): [EINVAL] for an addr that is not a multiple of {PAGESIZE} is
 * a "may fail"; Linux does not use it and locks the whole pages holding
 * any part of the range: 1 byte at offset 1 of a page locks that page
 * (VmLck up by exactly one page), 2 bytes across a page boundary lock
 * both pages, the neighbours stay unlocked (smaps "lo" per page).
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = pg / 1024, lck;
	char *m;
	int r;

	m = mmap(NULL, 6 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	lck = pts_status_kb("VmLck:");
	r = mlock(m + 1, 1);
	if (r && errno == EINVAL)
		PTS_UNSUPP("mlock() of an unaligned address: EINVAL (allowed)");
	if (r)
		PTS_FAILED("mlock(page + 1, 1): %m");
	if (pts_status_kb("VmLck:") != lck + kb)
		PTS_FAILED("one byte locked %ld kB, expected one page",
			   pts_status_kb("VmLck:") - lck);
	if (mlock(m + 4 * pg - 1, 2))
		PTS_FAILED("mlock() of 2 bytes across a boundary: %m");
	if (pts_status_kb("VmLck:") != lck + 3 * kb)
		PTS_FAILED("VmLck %ld kB, expected %ld (pages 0, 3, 4)",
			   pts_status_kb("VmLck:"), lck + 3 * kb);
	if (pts_locked_vma(m) != 1 || pts_locked_vma(m + 3 * pg) != 1 ||
	    pts_locked_vma(m + 4 * pg) != 1 || pts_locked_vma(m + pg) != 0 ||
	    pts_locked_vma(m + 2 * pg) != 0 || pts_locked_vma(m + 5 * pg) != 0)
		PTS_FAILED("smaps: locked pages are not exactly 0, 3 and 4");
	PTS_PASSED("unaligned ranges lock the whole pages holding them, no more");
}
