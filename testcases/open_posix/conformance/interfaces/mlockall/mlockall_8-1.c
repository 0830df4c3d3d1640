// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall(): returns zero on success: exactly 0 for MCL_CURRENT (VmLck
 * then covers a touched 8-page mapping, VmLck >= 8 pages), for
 * MCL_FUTURE (a new mapping locked), for both, and when repeated; each
 * undone by munlockall().
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

static void zero(int flags, const char *what)
{
	int r = mlockall(flags);

	if (r != 0)
		PTS_FAILED("mlockall(%s) returned %d (%m)", what, r);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = pg / 1024;
	char *m;

	if (geteuid())
		PTS_UNSUPP("needs root (no RLIMIT_MEMLOCK on the whole process)");
	m = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memset(m, 1, 8 * pg);
	zero(MCL_CURRENT, "MCL_CURRENT");
	if (pts_status_kb("VmLck:") < 8 * kb || pts_locked_vma(m) != 1)
		PTS_FAILED("after MCL_CURRENT VmLck %ld kB, the mapping not locked",
			   pts_status_kb("VmLck:"));
	zero(MCL_CURRENT, "MCL_CURRENT again");
	munlockall();
	zero(MCL_FUTURE, "MCL_FUTURE");
	m = mmap(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || pts_locked_vma(m) != 1)
		PTS_FAILED("a mapping made under MCL_FUTURE is not locked");
	munlockall();
	zero(MCL_CURRENT | MCL_FUTURE, "MCL_CURRENT | MCL_FUTURE");
	if (pts_locked_vma(m) != 1)
		PTS_FAILED("MCL_CURRENT | MCL_FUTURE did not lock a mapping");
	munlockall();
	if (pts_status_kb("VmLck:") != 0)
		PTS_FAILED("VmLck %ld kB after munlockall()", pts_status_kb("VmLck:"));
	PTS_PASSED("mlockall() returned 0 for each flag set");
}
