// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): "Memory locks established by the parent process through calls
 * to mlockall() or mlock() shall not be inherited by the child process."
 * The parent locks a 64 kB mapping with mlock() and sets mlockall(
 * MCL_FUTURE); in the child VmLck is 0 and a new mapping is not locked
 * either, while the parent's VmLck still counts its lock.
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
	void *p;

	if (vmlck() != 0)
		PTS_FAILED("the child has %ld kB locked", vmlck());
	p = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (vmlck() != 0)
		PTS_FAILED("MCL_FUTURE was inherited: %ld kB locked", vmlck());
	return PTS_PASS;
}

static int parent(void)
{
	long before;
	void *p;

	p = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (mlock(p, 65536) || mlockall(MCL_FUTURE))
		PTS_UNRES("mlock/mlockall: %m");
	before = vmlck();
	if (before < 64)
		PTS_UNRES("VmLck %ld kB after mlock", before);
	pts_run_child(child, "child");
	if (vmlck() != before)
		PTS_FAILED("the parent's VmLck changed to %ld kB", vmlck());
	return PTS_PASS;
}

int main(void)
{
	/* a child of its own, so the test's memory stays unlocked */
	pts_run_child(parent, "locking parent");
	PTS_PASSED("memory locks were not inherited across fork()");
}
