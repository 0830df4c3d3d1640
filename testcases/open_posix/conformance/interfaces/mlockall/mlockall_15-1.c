// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall(): [EPERM] when the caller lacks the privilege. Linux grants
 * none to a process without CAP_IPC_LOCK at a soft RLIMIT_MEMLOCK of 0
 * (the hard limit larger): nobody gets [EPERM] for MCL_CURRENT, for
 * MCL_FUTURE (which locks nothing now) and for both; nothing is locked
 * (VmLck 0) and a later mapping is not locked either.
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

static int child(void)
{
	static const int fl[] = { MCL_CURRENT, MCL_FUTURE,
				  MCL_CURRENT | MCL_FUTURE };
	struct rlimit rl = { 0, 1 << 20 };
	unsigned int i;
	void *m;

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		return PTS_UNRESOLVED;
	for (i = 0; i < 3; i++) {
		errno = 0;
		if (mlockall(fl[i]) != -1 || errno != EPERM) {
			printf("mlockall(%d): %s, expected EPERM\n", fl[i],
			       strerrorname_np(errno));
			return PTS_FAIL;
		}
	}
	m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return PTS_UNRESOLVED;
	if (pts_status_kb("VmLck:") != 0 || pts_locked_vma(m) != 0) {
		printf("memory locked after EPERM: VmLck %ld kB\n",
		       pts_status_kb("VmLck:"));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to become nobody");
	pts_run_as_nobody(child, "nobody at soft RLIMIT_MEMLOCK 0");
	PTS_PASSED("EPERM for every flag set at RLIMIT_MEMLOCK 0, nothing locked");
}
