// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock()/munlock(): locked pages are resident and counted in the
 * process's locked memory (VmLck in /proc/self/status grows by the
 * locked size, and back after munlock); [ENOMEM] for a range not mapped;
 * for an unprivileged process (nobody) with RLIMIT_MEMLOCK 0, mlock()
 * fails with [EPERM], and beyond a non-zero limit with [ENOMEM].
 */
#include <sys/mman.h>
#include <sys/resource.h>

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
	long pg = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	PTS_EXPECT_ERRNO(mlock(p, pg), EPERM, "mlock() with RLIMIT_MEMLOCK 0");
	return PTS_PASS;
}

static int child2(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (mlock(p, pg))
		PTS_FAILED("mlock() of 1 page within a 2 page limit: %m");
	PTS_EXPECT_ERRNO(mlock(p, 4 * pg), ENOMEM,
			 "mlock() of 4 pages with a 2 page limit");
	return PTS_PASS;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), before, locked, after;
	size_t len = 16 * pg;
	struct rlimit rl;
	char *p;

	p = mmap(NULL, len + pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	before = vmlck();
	if (mlock(p, len))
		PTS_FAILED("mlock(): %m");
	locked = vmlck();
	if (locked - before != (long)(len / 1024))
		PTS_FAILED("VmLck grew by %ld kB, expected %zu", locked - before,
			   len / 1024);
	if (munlock(p, len))
		PTS_FAILED("munlock(): %m");
	after = vmlck();
	if (after != before)
		PTS_FAILED("VmLck %ld kB after munlock, expected %ld", after, before);
	munmap(p + len, pg);
	PTS_EXPECT_ERRNO(mlock(p + len, pg), ENOMEM, "mlock(unmapped)");
	rl.rlim_cur = rl.rlim_max = 0;
	setrlimit(RLIMIT_MEMLOCK, &rl);
	pts_run_as_nobody(child, "unprivileged child");
	rl.rlim_cur = rl.rlim_max = 2 * pg;
	setrlimit(RLIMIT_MEMLOCK, &rl);
	pts_run_as_nobody(child2, "unprivileged child");
	PTS_PASSED("VmLck accounting, ENOMEM and EPERM as specified");
}
