// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock(): "shall cause those whole pages containing any part of the
 * address space of the process starting at address addr and continuing
 * for len bytes to be memory-resident until unlocked": pages of a fresh
 * anonymous mapping and of a file mapping that were never touched are
 * all resident once mlock() returns (mincore()), including the whole
 * pages holding an unaligned start and end; the anonymous pages outside
 * the range stay untouched (not resident; a file's may be read ahead).
 */
#include <sys/mman.h>

#include "pts_helpers.h"

#define PAGES 16

static long pg;

static void check(unsigned char *vec, int from, int to, int want,
		  const char *what)
{
	int i;

	for (i = from; i < to; i++)
		if ((vec[i] & 1) != want)
			PTS_FAILED("%s: page %d %sresident", what, i,
				   want ? "not " : "");
}

static void run(char *m, int anon, const char *what)
{
	unsigned char vec[PAGES];

	if (mincore(m, PAGES * pg, vec))
		PTS_UNRES("mincore(): %m");
	check(vec, 0, PAGES, 0, "before mlock");
	/* from the middle of page 2 to the middle of page 9 */
	if (mlock(m + 2 * pg + 100, 7 * pg))
		PTS_FAILED("%s: mlock(): %m", what);
	mincore(m, PAGES * pg, vec);
	check(vec, 2, 10, 1, what);
	if (anon) {
		check(vec, 0, 2, 0, what);
		check(vec, 10, PAGES, 0, what);
	}
	munlock(m, PAGES * pg);
}

int main(void)
{
	char path[64], *m;
	int fd;

	pg = sysconf(_SC_PAGESIZE);
	m = mmap(NULL, PAGES * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	run(m, 1, "anonymous");
	snprintf(path, sizeof(path), "/tmp/pts_mlock4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	/* a sparse file: no page of it is in the page cache yet */
	if (ftruncate(fd, PAGES * pg))
		PTS_UNRES("ftruncate(): %m");
	m = mmap(NULL, PAGES * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(file): %m");
	run(m, 0, "file");
	PTS_PASSED("the whole pages of the range resident, the others not");
}
