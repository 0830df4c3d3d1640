// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall(): MCL_CURRENT locks every page mapped at the time (a 64 kB
 * mapping counts in VmLck); MCL_FUTURE makes mappings created later
 * locked too; munlockall() unlocks them all (VmLck 0); flags of 0 or
 * unknown bits fail with [EINVAL]. Run in a child to keep the test's
 * own memory unlocked.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long vmlck(void)
{
	char line[128];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmLck: %ld", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

static int child(void)
{
	long a, b;
	void *p;

	PTS_EXPECT_ERRNO(mlockall(0), EINVAL, "mlockall(0)");
	PTS_EXPECT_ERRNO(mlockall(0x100), EINVAL, "mlockall(0x100)");
	p = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (mlockall(MCL_CURRENT))
		PTS_FAILED("mlockall(MCL_CURRENT): %m");
	a = vmlck();
	if (a < 64)
		PTS_FAILED("VmLck %ld kB after MCL_CURRENT", a);
	munlockall();
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		PTS_FAILED("mlockall(MCL_FUTURE): %m");
	a = vmlck();
	p = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	b = vmlck();
	if (b - a != 64)
		PTS_FAILED("a new 64 kB mapping added %ld kB to VmLck", b - a);
	if (munlockall())
		PTS_FAILED("munlockall(): %m");
	if (vmlck() != 0)
		PTS_FAILED("VmLck %ld kB after munlockall()", vmlck());
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "locking child");
	PTS_PASSED("MCL_CURRENT, MCL_FUTURE, munlockall and EINVAL");
}
