// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam(): "If pid is zero, the scheduling parameters shall be
 * set for the calling process" - that process only. A child of a
 * SCHED_FIFO 20 parent makes itself SCHED_FIFO 10 and calls
 * sched_setparam(0, 15), then (0, 1) and (0, max): each returns 0, and the kernel's rt_priority (field 40 of /proc/PID/stat)
 * of the child reads the value, the policy staying SCHED_FIFO; its
 * parent, SCHED_FIFO 20, and a sibling, SCHED_FIFO 10, keep theirs.
 */
#include <sys/prctl.h>

#include "pts_helpers.h"

static pid_t parent, sibling;

static int check(int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setparam(0, &sp)) {
		printf("sched_setparam(0, %d): %m\n", prio);
		return PTS_FAIL;
	}
	if (pts_task_stat(getpid(), 40) != prio ||
	    pts_task_stat(getpid(), 41) != SCHED_FIFO) {
		printf("after (0, %d): rt_priority %lld policy %lld\n", prio,
		       pts_task_stat(getpid(), 40), pts_task_stat(getpid(), 41));
		return PTS_FAIL;
	}
	if (pts_task_stat(parent, 40) != 20 || pts_task_stat(sibling, 40) != 10) {
		printf("after (0, %d): parent %lld, sibling %lld changed\n", prio,
		       pts_task_stat(parent, 40), pts_task_stat(sibling, 40));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static int child(void)
{
	struct sched_param sp = { .sched_priority = 10 };
	int r;

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		return PTS_UNRESOLVED;
	r = check(15);
	if (!r)
		r = check(1);
	if (!r)
		r = check(sched_get_priority_max(SCHED_FIFO));
	return r;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 20 };
	int p[2];
	char c;

	pts_need_sched_fifo();
	parent = getpid();
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 20): %m");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	sibling = fork();
	if (sibling < 0)
		PTS_UNRES("fork(): %m");
	if (!sibling) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 1);
	}
	close(p[0]);
	sp.sched_priority = 10;
	if (sched_setparam(sibling, &sp))
		PTS_UNRES("sched_setparam(sibling, 10): %m");
	pts_run_child(child, "child setting its own priority");
	close(p[1]);
	pts_reap(sibling, "sibling");
	if (pts_task_stat(getpid(), 40) != 20)
		PTS_FAILED("the parent's priority changed");
	PTS_PASSED("pid 0 set the caller's priority only (15, 1, max)");
}
