// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock(): [EPERM] when the caller lacks the privilege. On Linux a
 * process without CAP_IPC_LOCK whose soft RLIMIT_MEMLOCK is 0 has none,
 * even when the hard limit is larger: nobody at soft 0 / hard 16 pages
 * gets [EPERM] (VmLck stays 0). Raising the soft limit to 2 pages grants
 * it: 2 pages lock, 3 pages fail with [ENOMEM], not [EPERM].
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

static int child(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct rlimit rl = { 0, 16 * pg };
	char *m;

	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || setrlimit(RLIMIT_MEMLOCK, &rl))
		return PTS_UNRESOLVED;
	errno = 0;
	if (mlock(m, pg) != -1 || errno != EPERM) {
		printf("soft limit 0: %s, expected EPERM\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	if (pts_status_kb("VmLck:") != 0) {
		printf("VmLck %ld kB after EPERM\n", pts_status_kb("VmLck:"));
		return PTS_FAIL;
	}
	rl.rlim_cur = 2 * pg;
	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		return PTS_UNRESOLVED;
	if (mlock(m, 2 * pg)) {
		printf("2 pages under a 2-page limit: %m\n");
		return PTS_FAIL;
	}
	munlock(m, 2 * pg);
	errno = 0;
	if (mlock(m, 3 * pg) != -1 || errno != ENOMEM) {
		printf("3 pages over a 2-page limit: %s, expected ENOMEM\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to become nobody");
	pts_run_as_nobody(child, "nobody");
	PTS_PASSED("EPERM at soft RLIMIT_MEMLOCK 0; with a limit ENOMEM over it");
}
