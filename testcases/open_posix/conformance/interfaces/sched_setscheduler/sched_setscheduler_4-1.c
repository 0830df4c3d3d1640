// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setscheduler() and preemption, all on one CPU: a process made
 * ready to run at a priority above a running process preempts it.
 * - a SCHED_FIFO 20 parent makes its runnable SCHED_OTHER child (which
 *   has not run under it) SCHED_FIFO 30: the child has run when
 *   sched_setscheduler() returns;
 * - the parent switches itself to SCHED_OTHER while its child is a
 *   runnable SCHED_RR 10: the child has run when the call returns;
 * - a child made SCHED_RR 20, equal to the FIFO 20 caller, does not
 *   preempt it: it has not run when the call returns.
 * The child's only work is to set a flag in shared memory and exit.
 */
#include "pts_helpers.h"
#include "pts_preempt.h"

static void set(pid_t pid, int policy, int prio, const char *what)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(pid, policy, &sp))
		PTS_UNRES("sched_setscheduler(%s, %d, %d): %m", what, policy, prio);
}

int main(void)
{
	int before, after;
	pid_t pid;

	pts_preempt_setup();
	set(0, SCHED_FIFO, 20, "self");

	pid = pts_spawn_flagger();
	set(pid, SCHED_OTHER, 0, "child");
	before = *pts_ran;
	set(pid, SCHED_FIFO, 30, "child");
	after = *pts_ran;
	pts_reap_flagger(pid);
	if (before)
		PTS_UNRES("the child ran under the FIFO 20 parent");
	if (!after)
		PTS_FAILED("a runnable child made FIFO 30 did not preempt the FIFO 20 caller");

	pid = pts_spawn_flagger();
	set(pid, SCHED_RR, 10, "child");
	before = *pts_ran;
	set(0, SCHED_OTHER, 0, "self");
	after = *pts_ran;
	pts_reap_flagger(pid);
	if (before)
		PTS_UNRES("the RR 10 child ran under the FIFO 20 parent");
	if (!after)
		PTS_FAILED("the caller turned SCHED_OTHER did not yield to a runnable RR 10 child");

	set(0, SCHED_FIFO, 20, "self");
	pid = pts_spawn_flagger();
	set(pid, SCHED_OTHER, 0, "child");
	set(pid, SCHED_RR, 20, "child");
	after = *pts_ran;
	pts_reap_flagger(pid);
	if (after)
		PTS_FAILED("a child made RR 20 preempted the FIFO 20 caller");
	if (!*pts_ran)
		PTS_UNRES("the child never ran");
	PTS_PASSED("a process made higher than the caller preempts it before the call returns");
}
