// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap(): [EINVAL] when len is 0: at a mapped address (which stays
 * mapped, data and writability kept) and at an unmapped, aligned one;
 * len 1 then removes the whole page (a child touching it dies of
 * SIGSEGV).
 */
#include <sys/mman.h>

#include "pts_sigkit.h"

static char *m;

static int toucher(void)
{
	m[0] = 1;
	return PTS_FAIL;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *hole;

	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	hole = m + pg;
	if (munmap(hole, pg))
		PTS_UNRES("munmap(): %m");
	strcpy(m, "still here");
	PTS_EXPECT_ERRNO(munmap(m, 0), EINVAL, "munmap() of a mapping, len 0");
	PTS_EXPECT_ERRNO(munmap(hole, 0), EINVAL, "munmap() of a hole, len 0");
	if (strcmp(m, "still here"))
		PTS_FAILED("the mapping changed");
	m[0] = 'S';
	if (munmap(m, 1))
		PTS_FAILED("munmap() of len 1: %m");
	pts_expect_killed(pts_fork_fn(toucher), SIGSEGV,
			  "a child touching the page unmapped by len 1");
	PTS_PASSED("EINVAL for len 0, mapped or not; len 1 removes the page");
}
