// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [EAGAIN] when the mapping could not be locked in memory, as
 * mlockall(MCL_FUTURE) requires, for lack of resources. Nobody (no
 * privilege to exceed it) under RLIMIT_MEMLOCK of 64 pages sets
 * MCL_FUTURE: a 4-page mapping succeeds and is locked (VmLck up by 4
 * pages); one of 128 pages, over the limit, fails with [EAGAIN] and adds
 * nothing (VmLck and VmSize unchanged).
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

static int child(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = pg / 1024, lck, size;
	struct rlimit rl = { 64 * pg, 64 * pg };
	char *m;

	if (setrlimit(RLIMIT_MEMLOCK, &rl) || mlockall(MCL_FUTURE)) {
		printf("set-up: %m\n");
		return PTS_UNRESOLVED;
	}
	lck = pts_status_kb("VmLck:");
	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		printf("a 4-page mapping under the limit: %m\n");
		return PTS_FAIL;
	}
	if (pts_status_kb("VmLck:") != lck + 4 * kb) {
		printf("VmLck %ld kB, expected %ld\n", pts_status_kb("VmLck:"),
		       lck + 4 * kb);
		return PTS_FAIL;
	}
	lck = pts_status_kb("VmLck:");
	size = pts_status_kb("VmSize:");
	errno = 0;
	m = mmap(NULL, 128 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m != MAP_FAILED || errno != EAGAIN) {
		printf("128 pages over the limit: %s, expected EAGAIN\n",
		       m == MAP_FAILED ? strerrorname_np(errno) : "mapped");
		return PTS_FAIL;
	}
	if (pts_status_kb("VmLck:") != lck || pts_status_kb("VmSize:") != size) {
		printf("the failed mmap() changed VmLck %ld -> %ld or VmSize %ld -> %ld kB\n",
		       lck, pts_status_kb("VmLck:"), size,
		       pts_status_kb("VmSize:"));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to become nobody");
	pts_run_as_nobody(child, "nobody under MCL_FUTURE");
	PTS_PASSED("MCL_FUTURE: 4 pages locked, 128 pages over RLIMIT_MEMLOCK EAGAIN");
}
