// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam(): when the call fails the priority stays as it was.
 * With the process at SCHED_FIFO 10, priority 0, -1 and max + 1 and a
 * NULL param ([EINVAL]), a reaped child's pid ([ESRCH]) and an
 * unprivileged process (nobody) setting it to 20 ([EPERM]) each return
 * -1 with that errno and leave SCHED_FIFO 10 (sched_getparam() and the
 * kernel's rt_priority in /proc).
 */
#include "pts_helpers.h"

static pid_t parent;

static void check_kept(const char *what)
{
	struct sched_param sp = { .sched_priority = -1 };

	if (sched_getparam(parent, &sp))
		PTS_UNRES("sched_getparam(): %m");
	if (sp.sched_priority != 10 || sched_getscheduler(parent) != SCHED_FIFO ||
	    pts_task_stat(parent, 40) != 10)
		PTS_FAILED("after the failed %s: priority %d (kernel %lld), expected FIFO 10",
			   what, sp.sched_priority, pts_task_stat(parent, 40));
}

static int nobody(void)
{
	struct sched_param sp = { .sched_priority = 20 };

	PTS_EXPECT_ERRNO(sched_setparam(parent, &sp), EPERM,
			 "sched_setparam(root's process, 20) as nobody");
	check_kept("unprivileged call");
	return PTS_PASS;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 10 };
	int max = sched_get_priority_max(SCHED_FIFO);
	pid_t dead;

	pts_need_sched_fifo();
	parent = getpid();
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 10): %m");

	sp.sched_priority = 0;
	PTS_EXPECT_ERRNO(sched_setparam(0, &sp), EINVAL, "sched_setparam(0)");
	check_kept("priority 0");
	sp.sched_priority = -1;
	PTS_EXPECT_ERRNO(sched_setparam(0, &sp), EINVAL, "sched_setparam(-1)");
	check_kept("priority -1");
	sp.sched_priority = max + 1;
	PTS_EXPECT_ERRNO(sched_setparam(0, &sp), EINVAL, "sched_setparam(max + 1)");
	check_kept("priority max + 1");
	PTS_EXPECT_ERRNO(sched_setparam(0, NULL), EINVAL, "sched_setparam(NULL)");
	check_kept("NULL param");

	dead = fork();
	if (dead < 0)
		PTS_UNRES("fork(): %m");
	if (!dead)
		_exit(0);
	if (waitpid(dead, NULL, 0) != dead)
		PTS_UNRES("waitpid(): %m");
	sp.sched_priority = 20;
	PTS_EXPECT_ERRNO(sched_setparam(dead, &sp), ESRCH,
			 "sched_setparam(reaped child)");
	check_kept("call for a reaped pid");
	pts_run_as_nobody(nobody, "unprivileged child");
	PTS_PASSED("each failed sched_setparam() left SCHED_FIFO 10");
}
