// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock()/mlock(): locks do not nest: "Upon successful return from
 * munlock(), pages in the specified range shall be unlocked with respect
 * to the address space of the process", however often they were locked:
 * a range locked twice (also through an overlapping range) is fully
 * unlocked by one munlock() (VmLck back to where it was). Unlocking a
 * range that was never locked succeeds. Removing a locked mapping with
 * munmap() removes its locks ("memory locks ... removed"). [ENOMEM] for
 * munlock() of a range that is not mapped.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long vmlck(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	long kb = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmLck: %ld", &kb) == 1)
			break;
	if (f)
		fclose(f);
	if (kb < 0)
		PTS_UNRES("no VmLck in /proc/self/status");
	return kb;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = 8 * pg / 1024, base, v;
	char *a;

	a = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	base = vmlck();
	if (mlock(a, 8 * pg) || mlock(a, 8 * pg) || mlock(a + 2 * pg, 4 * pg))
		PTS_FAILED("mlock(): %m");
	v = vmlck();
	printf("VmLck %ld kB before, %ld kB after three overlapping locks of %ld kB\n",
	       base, v, kb);
	if (v - base != kb)
		PTS_FAILED("locked %ld kB, expected %ld (locks are not counted twice)",
			   v - base, kb);
	if (munlock(a, 8 * pg))
		PTS_FAILED("munlock(): %m");
	v = vmlck();
	if (v != base)
		PTS_FAILED("VmLck %ld kB after one munlock, expected %ld", v, base);
	if (munlock(a, 8 * pg))
		PTS_FAILED("munlock() of an unlocked range: %m");
	if (mlock(a, 8 * pg))
		PTS_FAILED("mlock(): %m");
	if (munmap(a, 8 * pg))
		PTS_UNRES("munmap(): %m");
	v = vmlck();
	if (v != base)
		PTS_FAILED("VmLck %ld kB after munmap of the locked range, expected %ld",
			   v, base);
	printf("one munlock and munmap each drop the whole lock\n");
	PTS_EXPECT_ERRNO(munlock(a, 8 * pg), ENOMEM, "munlock(unmapped range)");
	PTS_PASSED("locks do not nest; munmap unlocks; ENOMEM");
}
