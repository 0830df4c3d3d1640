// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlockall(): unlocks every page of the process and ends MCL_FUTURE:
 * after mlockall(MCL_CURRENT | MCL_FUTURE) VmLck is non-zero and a new
 * mapping is locked when created (VmLck grows by its size); after
 * munlockall() VmLck is 0 and a new mapping, even once touched, is not
 * locked; the data of the formerly locked pages is kept. In a child,
 * whose locks end with it.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long vmlck(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmLck: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

static int child(void)
{
	long pg = sysconf(_SC_PAGESIZE), v0, v1;
	char *a, *b;

	a = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		return PTS_UNRESOLVED;
	memset(a, 'k', 4 * pg);
	if (mlockall(MCL_CURRENT | MCL_FUTURE)) {
		printf("mlockall(): %m\n");
		return PTS_UNRESOLVED;
	}
	v0 = vmlck();
	b = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	v1 = vmlck();
	if (v0 <= 0 || v1 != v0 + 4 * pg / 1024) {
		printf("VmLck %ld kB, %ld after a 4-page mmap() under MCL_FUTURE\n",
		       v0, v1);
		return PTS_FAIL;
	}
	munmap(b, 4 * pg);
	if (munlockall()) {
		printf("munlockall(): %m\n");
		return PTS_FAIL;
	}
	if (vmlck() != 0) {
		printf("VmLck %ld kB after munlockall()\n", vmlck());
		return PTS_FAIL;
	}
	b = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(b, 'n', 4 * pg);
	if (vmlck() != 0) {
		printf("a new mapping locked after munlockall() (%ld kB)\n",
		       vmlck());
		return PTS_FAIL;
	}
	if (a[0] != 'k' || a[4 * pg - 1] != 'k') {
		printf("unlocked pages lost their data\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "munlockall child");
	PTS_PASSED("every page unlocked, MCL_FUTURE ended, data kept");
}
