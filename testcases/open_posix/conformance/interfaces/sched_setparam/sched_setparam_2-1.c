// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam(): changes only the priority, not the policy: a SCHED_RR
 * process stays SCHED_RR with the new priority, a SCHED_FIFO one stays
 * SCHED_FIFO; for SCHED_OTHER only priority 0 is in range (1 fails with
 * [EINVAL] and the policy stays); a NULL param fails with [EINVAL].
 * The change applies to another process too (a child, read back by the
 * child itself).
 */
#include "pts_helpers.h"

static void expect(pid_t pid, int pol, int prio)
{
	struct sched_param sp;

	if (sched_getscheduler(pid) != pol || sched_getparam(pid, &sp) ||
	    sp.sched_priority != prio)
		PTS_FAILED("pid %d: policy %d priority %d, expected %d %d", (int)pid,
			   sched_getscheduler(pid), sp.sched_priority, pol, prio);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 1 };
	int p[2], status;
	pid_t pid;
	char c;

	PTS_EXPECT_ERRNO(sched_setparam(0, &sp), EINVAL, "priority 1 for SCHED_OTHER");
	expect(0, SCHED_OTHER, 0);
	sp.sched_priority = 0;
	if (sched_setparam(0, &sp))
		PTS_FAILED("priority 0 for SCHED_OTHER: %m");
	PTS_EXPECT_ERRNO(sched_setparam(0, NULL), EINVAL, "sched_setparam(0, NULL)");
	pts_need_sched_fifo();
	sp.sched_priority = 2;
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("SCHED_RR: %m");
	sp.sched_priority = 5;
	if (sched_setparam(0, &sp))
		PTS_FAILED("sched_setparam(SCHED_RR, 5): %m");
	expect(0, SCHED_RR, 5);
	sp.sched_priority = 2;
	sched_setscheduler(0, SCHED_FIFO, &sp);
	sp.sched_priority = 4;
	if (sched_setparam(0, &sp))
		PTS_FAILED("sched_setparam(SCHED_FIFO, 4): %m");
	expect(0, SCHED_FIFO, 4);
	sp.sched_priority = 0;
	PTS_EXPECT_ERRNO(sched_setparam(0, &sp), EINVAL, "priority 0 for SCHED_FIFO");
	expect(0, SCHED_FIFO, 4);
	sched_setscheduler(0, SCHED_OTHER, &sp);

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		struct sched_param cp;

		if (read(p[0], &c, 1) != 1)
			_exit(3);
		if (sched_getscheduler(0) != SCHED_RR || sched_getparam(0, &cp) ||
		    cp.sched_priority != 6)
			_exit(4);
		_exit(0);
	}
	sp.sched_priority = 3;
	if (sched_setscheduler(pid, SCHED_RR, &sp))
		PTS_UNRES("child SCHED_RR: %m");
	sp.sched_priority = 6;
	if (sched_setparam(pid, &sp))
		PTS_FAILED("sched_setparam(child, 6): %m");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid || status)
		PTS_FAILED("the child did not read SCHED_RR 6 itself: status %#x", status);
	PTS_PASSED("priority changed, policy kept (RR, FIFO, other process); EINVAL");
}
