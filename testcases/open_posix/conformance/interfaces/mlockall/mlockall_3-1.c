// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall(MCL_CURRENT): "all of the pages currently mapped into the
 * address space of the process shall be memory-resident when
 * mlockall() returns": an anonymous mapping never touched is resident
 * afterwards (mincore()); with MCL_FUTURE a mapping created later is
 * resident as soon as mmap() returns; after munlockall() a new mapping
 * is not populated. Done in a child: the locks stay with it.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

#define PAGES 8

static long pg;

static int resident(char *m)
{
	unsigned char vec[PAGES];
	int i, n = 0;

	if (mincore(m, PAGES * pg, vec))
		return -1;
	for (i = 0; i < PAGES; i++)
		n += vec[i] & 1;
	return n;
}

static char *map(void)
{
	char *m = mmap(NULL, PAGES * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED) {
		printf("mmap(): %m\n");
		exit(PTS_UNRESOLVED);
	}
	return m;
}

static int child(void)
{
	char *a = map(), *b;
	int n;

	if (resident(a) != 0) {
		printf("a fresh mapping is already resident\n");
		return PTS_UNRESOLVED;
	}
	if (mlockall(MCL_CURRENT)) {
		printf("mlockall(MCL_CURRENT): %m\n");
		return PTS_FAIL;
	}
	n = resident(a);
	if (n != PAGES) {
		printf("%d of %d pages resident after MCL_CURRENT\n", n, PAGES);
		return PTS_FAIL;
	}
	munlockall();
	if (mlockall(MCL_FUTURE)) {
		printf("mlockall(MCL_FUTURE): %m\n");
		return PTS_FAIL;
	}
	b = map();
	n = resident(b);
	if (n != PAGES) {
		printf("%d of %d pages of a new mapping resident under MCL_FUTURE\n",
		       n, PAGES);
		return PTS_FAIL;
	}
	munlockall();
	b = map();
	if (resident(b) != 0) {
		printf("a new mapping populated after munlockall()\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pg = sysconf(_SC_PAGESIZE);
	pts_run_child(child, "mlockall child");
	PTS_PASSED("MCL_CURRENT and MCL_FUTURE pages resident, none after munlockall()");
}
