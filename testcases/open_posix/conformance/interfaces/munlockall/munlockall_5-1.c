// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlockall(): where supported it always returns zero: with nothing
 * locked, after mlock() of a range, after mlockall(MCL_FUTURE) alone,
 * twice in a row, and for nobody at RLIMIT_MEMLOCK 0 who cannot lock at
 * all. VmLck is 0 after each.
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

static int zero(const char *what)
{
	int r = munlockall();

	if (r != 0 || pts_status_kb("VmLck:") != 0) {
		printf("%s: munlockall() returned %d, VmLck %ld kB\n", what, r,
		       pts_status_kb("VmLck:"));
		return 1;
	}
	return 0;
}

static int child(void)
{
	struct rlimit rl = { 0, 0 };

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		return PTS_UNRESOLVED;
	return zero("nobody at RLIMIT_MEMLOCK 0") ? PTS_FAIL : PTS_PASS;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m;

	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (zero("nothing locked"))
		PTS_FAILED("munlockall() with nothing locked");
	if (mlock(m, 4 * pg))
		PTS_UNRES("mlock(): %m");
	if (zero("after mlock()") || zero("again"))
		PTS_FAILED("munlockall() after mlock()");
	if (mlockall(MCL_FUTURE))
		PTS_UNRES("mlockall(): %m");
	if (zero("after MCL_FUTURE"))
		PTS_FAILED("munlockall() after MCL_FUTURE");
	if (!geteuid())
		pts_run_as_nobody(child, "nobody");
	PTS_PASSED("munlockall() returned 0 every time");
}
