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
#include <sys/mman.h>

#include "pts_helpers.h"

static volatile int *ran;

/* a child at the caller's policy and priority, runnable, not yet run */
static pid_t spawn(void)
{
	pid_t pid;

	*ran = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		*ran = 1;
		_exit(0);
	}
	return pid;
}

static void set(pid_t pid, int prio, const char *what)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setparam(pid, &sp))
		PTS_UNRES("sched_setparam(%s, %d): %m", what, prio);
}

static void reap(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child status: %m");
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 20 };
	int before, after;
	cpu_set_t cpus;
	pid_t pid;

	pts_need_sched_fifo();
	ran = mmap(NULL, sizeof(*ran), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ran == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	CPU_ZERO(&cpus);
	CPU_SET(sched_getcpu(), &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		PTS_UNRES("sched_setaffinity(): %m");
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 20): %m");

	pid = spawn();
	before = *ran;
	set(pid, 30, "child");
	after = *ran;
	reap(pid);
	if (before)
		PTS_UNRES("the FIFO 20 child ran before the parent blocked");
	if (!after)
		PTS_FAILED("a runnable child raised above the caller did not preempt it");

	set(0, 30, "self");
	pid = spawn();
	set(pid, 20, "child");
	before = *ran;
	set(0, 10, "self");
	after = *ran;
	reap(pid);
	if (before)
		PTS_UNRES("the FIFO 20 child ran under the FIFO 30 parent");
	if (!after)
		PTS_FAILED("lowering the caller below a runnable child did not yield to it");

	set(0, 20, "self");
	pid = spawn();
	set(pid, 10, "child");
	set(pid, 20, "child");
	after = *ran;
	reap(pid);
	if (after)
		PTS_FAILED("a child raised to the caller's own priority preempted it");
	if (!*ran)
		PTS_UNRES("the child never ran");
	PTS_PASSED("a process made higher than the caller preempts it before the call returns");
}
