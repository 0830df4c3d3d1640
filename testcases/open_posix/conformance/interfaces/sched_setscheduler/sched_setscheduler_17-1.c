// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(): when the call fails the policy and the
 * scheduling parameters stay as they were. With the process at SCHED_RR
 * 5, each of: an unknown policy, RR 0 and RR max + 1, OTHER 5, a NULL
 * param ([EINVAL]), and an unprivileged process (nobody) setting it to
 * SCHED_OTHER ([EPERM]) returns -1 with that errno and leaves SCHED_RR 5
 * (sched_getscheduler(), sched_getparam() and the kernel's policy and
 * rt_priority in /proc).
 */
#include "pts_helpers.h"

static pid_t parent;

static void check_kept(const char *what)
{
	struct sched_param sp = { .sched_priority = -1 };
	int pol = sched_getscheduler(parent);

	if (sched_getparam(parent, &sp))
		PTS_UNRES("sched_getparam(): %m");
	if (pol != SCHED_RR || sp.sched_priority != 5 ||
	    pts_task_stat(parent, 41) != SCHED_RR ||
	    pts_task_stat(parent, 40) != 5)
		PTS_FAILED("after the failed %s: policy %d priority %d (kernel %lld %lld), expected RR 5",
			   what, pol, sp.sched_priority, pts_task_stat(parent, 41),
			   pts_task_stat(parent, 40));
}

static int nobody(void)
{
	struct sched_param sp = { .sched_priority = 0 };

	PTS_EXPECT_ERRNO(sched_setscheduler(parent, SCHED_OTHER, &sp), EPERM,
			 "sched_setscheduler(root's process) as nobody");
	check_kept("unprivileged call");
	return PTS_PASS;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 5 };
	int max = sched_get_priority_max(SCHED_RR);

	pts_need_sched_fifo();
	parent = getpid();
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_UNRES("sched_setscheduler(RR 5): %m");

	PTS_EXPECT_ERRNO(sched_setscheduler(0, 12345, &sp), EINVAL,
			 "sched_setscheduler(policy 12345)");
	check_kept("policy 12345");
	sp.sched_priority = 0;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_RR, &sp), EINVAL,
			 "sched_setscheduler(RR 0)");
	check_kept("RR 0");
	sp.sched_priority = max + 1;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_RR, &sp), EINVAL,
			 "sched_setscheduler(RR max + 1)");
	check_kept("RR max + 1");
	sp.sched_priority = 5;
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_OTHER, &sp), EINVAL,
			 "sched_setscheduler(OTHER 5)");
	check_kept("OTHER 5");
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_FIFO, NULL), EINVAL,
			 "sched_setscheduler(FIFO, NULL)");
	check_kept("NULL param");
	pts_run_as_nobody(nobody, "unprivileged child");
	PTS_PASSED("each failed sched_setscheduler() left SCHED_RR 5");
}
