// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler(): [EPERM] "The requesting process does not have
 * permission to set either or both of the scheduling parameters or the
 * scheduling policy". An unprivileged process (nobody, RLIMIT_RTPRIO 0)
 * may not take a realtime policy, nor change the policy of a process of
 * another user (its root parent); its policy stays SCHED_OTHER.
 */
#include <sched.h>
#include <sys/resource.h>

#include "pts_helpers.h"

static pid_t parent;

static int child(void)
{
	struct sched_param p = { .sched_priority = 1 };

	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_FIFO, &p), EPERM,
			 "SCHED_FIFO as nobody");
	p.sched_priority = 0;
	PTS_EXPECT_ERRNO(sched_setparam(parent, &p), EPERM,
			 "sched_setparam(root process) as nobody");
	PTS_EXPECT_ERRNO(sched_setscheduler(parent, SCHED_BATCH, &p), EPERM,
			 "sched_setscheduler(root process) as nobody");
	if (sched_getscheduler(0) != SCHED_OTHER)
		PTS_FAILED("the refused call changed the policy");
	return PTS_PASS;
}

int main(void)
{
	struct rlimit rl = { 0, 0 };

	parent = getpid();
	if (setrlimit(RLIMIT_RTPRIO, &rl))
		PTS_UNRES("setrlimit(RLIMIT_RTPRIO): %m");
	pts_run_as_nobody(child, "unprivileged child");
	if (sched_getscheduler(parent) != SCHED_OTHER)
		PTS_FAILED("the parent's policy changed");
	PTS_PASSED("EPERM for an unprivileged caller");
}
