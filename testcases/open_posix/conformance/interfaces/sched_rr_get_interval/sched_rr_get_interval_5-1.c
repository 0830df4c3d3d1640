// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_rr_get_interval() returns an error when interval does not point
 * to writable memory: -1 with [EFAULT] for NULL and for an address in a
 * PROT_READ page, for the caller (pid 0, SCHED_RR) and for another
 * process; the read-only page is left as it was. A valid pointer then
 * succeeds (0), so the failures were about the pointer alone.
 */
#include <sys/mman.h>
#include "pts_helpers.h"

int main(void)
{
	struct sched_param sp = { .sched_priority = 3 };
	long pg = sysconf(_SC_PAGESIZE);
	struct timespec ts, *ro;
	unsigned char *p;
	pid_t child;
	long i;

	pts_need_sched_fifo();
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("sched_setscheduler(RR 3): %m");
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memset(p, 0xa5, pg);
	if (mprotect(p, pg, PROT_READ))
		PTS_UNRES("mprotect(): %m");
	ro = (struct timespec *)p;

	child = fork();
	if (child < 0)
		PTS_UNRES("fork(): %m");
	if (!child) {
		pause();
		_exit(0);
	}
	PTS_EXPECT_ERRNO(sched_rr_get_interval(0, NULL), EFAULT,
			 "sched_rr_get_interval(0, NULL)");
	PTS_EXPECT_ERRNO(sched_rr_get_interval(0, ro), EFAULT,
			 "sched_rr_get_interval(0, read-only page)");
	PTS_EXPECT_ERRNO(sched_rr_get_interval(child, NULL), EFAULT,
			 "sched_rr_get_interval(child, NULL)");
	PTS_EXPECT_ERRNO(sched_rr_get_interval(child, ro), EFAULT,
			 "sched_rr_get_interval(child, read-only page)");
	for (i = 0; i < pg; i++)
		if (p[i] != 0xa5)
			PTS_FAILED("the read-only page changed at byte %ld", i);
	if (sched_rr_get_interval(0, &ts) || sched_rr_get_interval(child, &ts))
		PTS_FAILED("sched_rr_get_interval() with a valid pointer: %m");
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	PTS_PASSED("EFAULT for NULL and a read-only interval, 0 with a valid one");
}
