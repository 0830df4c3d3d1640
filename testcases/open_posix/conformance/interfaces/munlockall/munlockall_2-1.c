// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unlocking needs no privilege and no memory lock limit: nobody, with
 * RLIMIT_MEMLOCK 64 KiB, locks four pages with mlock() (VmLck 16 kB),
 * lowers the limit to 0, and munlock() of one page and then munlockall()
 * both return 0, VmLck going to 12 kB and then 0 kB. Locking again is
 * refused with [EPERM] (limit 0, no privilege), for mlock() and for
 * mlockall(MCL_CURRENT), VmLck staying 0; the data is kept throughout.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

static long vmlck(void)
{
	char line[128];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		PTS_UNRES("/proc/self/status: %m");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmLck: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

static int child(void)
{
	struct rlimit rl = { 65536, 65536 };
	long pg = sysconf(_SC_PAGESIZE);
	char *p;
	int i;

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		PTS_UNRES("setrlimit(): %m");
	pts_become_nobody();
	p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (i = 0; i < 4; i++)
		p[i * pg] = 'a' + i;
	if (mlock(p, 4 * pg))
		PTS_UNRES("mlock() within the limit: %m");
	if (vmlck() != 4 * pg / 1024)
		PTS_UNRES("VmLck %ld kB after locking four pages", vmlck());
	rl.rlim_cur = rl.rlim_max = 0;
	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		PTS_UNRES("lowering RLIMIT_MEMLOCK: %m");
	if (munlock(p, pg))
		PTS_FAILED("munlock() with the limit at 0: %m");
	if (vmlck() != 3 * pg / 1024)
		PTS_FAILED("VmLck %ld kB after unlocking one page", vmlck());
	if (munlockall())
		PTS_FAILED("munlockall() with the limit at 0: %m");
	if (vmlck() != 0)
		PTS_FAILED("VmLck %ld kB after munlockall()", vmlck());
	PTS_EXPECT_ERRNO(mlock(p, pg), EPERM, "mlock() at limit 0 as nobody");
	PTS_EXPECT_ERRNO(mlockall(MCL_CURRENT), EPERM,
			 "mlockall() at limit 0 as nobody");
	if (vmlck() != 0)
		PTS_FAILED("VmLck %ld kB after the refused locks", vmlck());
	for (i = 0; i < 4; i++)
		if (p[i * pg] != 'a' + i)
			PTS_FAILED("page %d lost its data", i);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "nobody");
	PTS_PASSED("munlock()/munlockall() at limit 0 unprivileged, relocking EPERM");
}
