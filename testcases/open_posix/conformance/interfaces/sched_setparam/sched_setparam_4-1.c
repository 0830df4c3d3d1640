// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam() and preemption, all on one CPU: "if the priority of
 * the process specified by pid is set higher than that of the lowest
 * priority running process and if the specified process is ready to
 * run, the process specified by pid shall preempt a lowest priority
 * running process"; likewise when the caller lowers itself below a
 * process ready to run.
 * - a SCHED_FIFO 20 parent raises its runnable FIFO child (which has not
 *   run yet) to 30: the child has run when sched_setparam() returns;
 * - a FIFO 30 parent lowers itself to 10 below its runnable FIFO 20
 *   child: the child has run when the call returns;
 * - raised only to the caller's own priority (20) the child does not
 *   preempt it: it has not run when the call returns.
 * The child's only work is to set a flag in shared memory and exit.
 */
#include "pts_helpers.h"
#include "pts_preempt.h"

static void set(pid_t pid, int prio, const char *what)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setparam(pid, &sp))
		PTS_UNRES("sched_setparam(%s, %d): %m", what, prio);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 20 };
	int before, after;
	pid_t pid;

	pts_preempt_setup();
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 20): %m");

	pid = pts_spawn_flagger();
	before = *pts_ran;
	set(pid, 30, "child");
	after = *pts_ran;
	pts_reap_flagger(pid);
	if (before)
		PTS_UNRES("the FIFO 20 child ran before the parent blocked");
	if (!after)
		PTS_FAILED("a runnable child raised above the caller did not preempt it");

	set(0, 30, "self");
	pid = pts_spawn_flagger();
	set(pid, 20, "child");
	before = *pts_ran;
	set(0, 10, "self");
	after = *pts_ran;
	pts_reap_flagger(pid);
	if (before)
		PTS_UNRES("the FIFO 20 child ran under the FIFO 30 parent");
	if (!after)
		PTS_FAILED("lowering the caller below a runnable child did not yield to it");

	set(0, 20, "self");
	pid = pts_spawn_flagger();
	set(pid, 10, "child");
	set(pid, 20, "child");
	after = *pts_ran;
	pts_reap_flagger(pid);
	if (after)
		PTS_FAILED("a child raised to the caller's own priority preempted it");
	if (!*pts_ran)
		PTS_UNRES("the child never ran");
	PTS_PASSED("a process made higher than the caller preempts it before the call returns");
}
