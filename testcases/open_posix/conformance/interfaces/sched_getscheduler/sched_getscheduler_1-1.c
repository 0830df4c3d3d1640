// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getscheduler(): pid 0 is the calling process; the value is the
 * policy most recently set for it (SCHED_OTHER at start, then SCHED_RR,
 * SCHED_FIFO), also asked by pid and by the parent for a child whose
 * policy the child changed itself; a pid with no process fails with -1
 * and [ESRCH]. A negative pid is unspecified: printed only.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sched_param sp = { .sched_priority = 0 };
	int p[2], q[2], status, r;
	pid_t pid;
	char c;

	r = sched_getscheduler(0);
	if (r != SCHED_OTHER || sched_getscheduler(getpid()) != r)
		PTS_FAILED("sched_getscheduler(0) %d, by pid %d, expected SCHED_OTHER",
			   r, sched_getscheduler(getpid()));
	pts_need_sched_fifo();
	sp.sched_priority = 3;
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("SCHED_RR: %m");
	if (sched_getscheduler(0) != SCHED_RR)
		PTS_FAILED("after SCHED_RR: %d", sched_getscheduler(0));
	sp.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &sp);
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		sp.sched_priority = 2;
		if (sched_setscheduler(0, SCHED_FIFO, &sp))
			_exit(3);
		if (write(q[1], "x", 1) != 1 || read(p[0], &c, 1) != 1)
			_exit(4);
		_exit(0);
	}
	if (read(q[0], &c, 1) != 1)
		PTS_UNRES("child did not set SCHED_FIFO");
	r = sched_getscheduler(pid);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	waitpid(pid, &status, 0);
	if (r != SCHED_FIFO)
		PTS_FAILED("the child's policy read by the parent: %d, expected SCHED_FIFO", r);
	if (sched_getscheduler(0) != SCHED_OTHER)
		PTS_FAILED("the parent's policy changed");
	PTS_EXPECT_ERRNO(sched_getscheduler(pid), ESRCH, "sched_getscheduler(reaped child)");
	errno = 0;
	r = sched_getscheduler(-1);
	printf("INFO: sched_getscheduler(-1) returned %d (%s)\n", r,
	       errno ? strerrorname_np(errno) : "no error");
	PTS_PASSED("own and another process's policy, ESRCH");
}
