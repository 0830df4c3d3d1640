// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): unlocks the whole pages of the given range only: of eight
 * locked pages, munlock() of three in the middle lowers VmLck by exactly
 * three pages and leaves the other five locked; the pages stay mapped
 * with their data (unlocking does not discard them); munlock() of a
 * range that was never locked succeeds and changes nothing; [ENOMEM]
 * for a range not mapped.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long vmlck(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;

	if (!f)
		PTS_UNRES("/proc/self/status: %m");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmLck: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kpg = pg / 1024, base, v;
	char *m, *n, *hole;
	int i;

	m = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	n = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	hole = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || n == MAP_FAILED || hole == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	munmap(hole, pg);
	for (i = 0; i < 8; i++)
		m[i * pg] = (char)('a' + i);
	base = vmlck();
	if (mlock(m, 8 * pg))
		PTS_UNRES("mlock(): %m");
	v = vmlck();
	if (v != base + 8 * kpg)
		PTS_UNRES("VmLck %ld kB after locking 8 pages from %ld", v, base);
	if (munlock(m + 3 * pg, 3 * pg))
		PTS_FAILED("munlock(): %m");
	v = vmlck();
	if (v != base + 5 * kpg)
		PTS_FAILED("VmLck %ld kB after unlocking 3 of 8 pages, expected %ld",
			   v, base + 5 * kpg);
	for (i = 0; i < 8; i++)
		if (m[i * pg] != (char)('a' + i))
			PTS_FAILED("page %d lost its data", i);
	if (munlock(n, 2 * pg))
		PTS_FAILED("munlock() of a never locked range: %m");
	if (vmlck() != v)
		PTS_FAILED("munlock() of a never locked range changed VmLck");
	PTS_EXPECT_ERRNO(munlock(hole, pg), ENOMEM, "munlock() of an unmapped page");
	munlock(m, 8 * pg);
	if (vmlck() != base)
		PTS_FAILED("VmLck %ld kB after unlocking all, expected %ld", vmlck(),
			   base);
	PTS_PASSED("exactly the range unlocked, data kept, ENOMEM");
}
