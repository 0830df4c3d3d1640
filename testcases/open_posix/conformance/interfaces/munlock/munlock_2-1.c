// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock() of part of memory locked by mlockall(MCL_CURRENT |
 * MCL_FUTURE): pages 2 and 3 of a six-page locked mapping are unlocked
 * (VmLck down by exactly 2 pages; the smaps entry for them without the
 * "lo" flag, those of pages 0-1 and 4-5 with it), the data is kept,
 * and MCL_FUTURE still applies: a mapping made afterwards is locked
 * and resident untouched. mlock() of the two pages again restores VmLck.
 * Done in a child that reads /proc without stdio (no allocation of its
 * own between two reads).
 */
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_proc_self.h"

static long pg;

static long vmlck_pages(void)
{
	long kb = pts_status_kb("VmLck:");

	return kb < 0 ? -1 : kb * 1024 / pg;
}

static int child(void)
{
	unsigned char vec[4] = { 0 };
	long before, after;
	char *m, *f;
	int i;

	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		PTS_UNRES("mlockall(): %m");
	m = mmap(NULL, 6 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (i = 0; i < 6; i++)
		m[i * pg] = 'a' + i;
	before = vmlck_pages();
	if (munlock(m + 2 * pg, 2 * pg))
		PTS_FAILED("munlock() of 2 of 6 pages: %m");
	after = vmlck_pages();
	if (before - after != 2)
		PTS_FAILED("VmLck went from %ld to %ld pages, expected 2 fewer",
			   before, after);
	if (pts_locked_vma(m) != 1 || pts_locked_vma(m + 2 * pg) != 0 ||
	    pts_locked_vma(m + 3 * pg) != 0 || pts_locked_vma(m + 4 * pg) != 1)
		PTS_FAILED("smaps lo flags of pages 0, 2, 3, 4: %d %d %d %d, expected 1 0 0 1",
			   pts_locked_vma(m), pts_locked_vma(m + 2 * pg),
			   pts_locked_vma(m + 3 * pg), pts_locked_vma(m + 4 * pg));
	for (i = 0; i < 6; i++)
		if (m[i * pg] != 'a' + i)
			PTS_FAILED("page %d lost its data", i);
	before = vmlck_pages();
	f = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (f == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	after = vmlck_pages();
	if (after - before != 4 || pts_locked_vma(f) != 1 || mincore(f, 4 * pg, vec) ||
	    !(vec[0] & vec[1] & vec[2] & vec[3] & 1))
		PTS_FAILED("a new mapping after munlock(): VmLck +%ld pages, lo %d, "
			   "resident %d%d%d%d: MCL_FUTURE lost", after - before,
			   pts_locked_vma(f), vec[0] & 1, vec[1] & 1, vec[2] & 1, vec[3] & 1);
	before = vmlck_pages();
	if (mlock(m + 2 * pg, 2 * pg) || vmlck_pages() - before != 2 ||
	    pts_locked_vma(m + 2 * pg) != 1)
		PTS_FAILED("mlock() of the two pages again: VmLck +%ld pages",
			   vmlck_pages() - before);
	return PTS_PASS;
}

int main(void)
{
	pg = sysconf(_SC_PAGESIZE);
	pts_run_child(child, "mlockall child");
	PTS_PASSED("munlock() of part of an mlockall() region: exact, MCL_FUTURE kept");
}
