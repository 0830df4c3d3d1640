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
#include <sys/mman.h>

#include "pts_helpers.h"

static volatile int *ran;

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

static void set(pid_t pid, int policy, int prio, const char *what)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(pid, policy, &sp))
		PTS_UNRES("sched_setscheduler(%s, %d, %d): %m", what, policy, prio);
}

static void reap(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child status: %m");
}

int main(void)
{
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
	set(0, SCHED_FIFO, 20, "self");

	pid = spawn();
	set(pid, SCHED_OTHER, 0, "child");
	before = *ran;
	set(pid, SCHED_FIFO, 30, "child");
	after = *ran;
	reap(pid);
	if (before)
		PTS_UNRES("the child ran under the FIFO 20 parent");
	if (!after)
		PTS_FAILED("a runnable child made FIFO 30 did not preempt the FIFO 20 caller");

	pid = spawn();
	set(pid, SCHED_RR, 10, "child");
	before = *ran;
	set(0, SCHED_OTHER, 0, "self");
	after = *ran;
	reap(pid);
	if (before)
		PTS_UNRES("the RR 10 child ran under the FIFO 20 parent");
	if (!after)
		PTS_FAILED("the caller turned SCHED_OTHER did not yield to a runnable RR 10 child");

	set(0, SCHED_FIFO, 20, "self");
	pid = spawn();
	set(pid, SCHED_OTHER, 0, "child");
	set(pid, SCHED_RR, 20, "child");
	after = *ran;
	reap(pid);
	if (after)
		PTS_FAILED("a child made RR 20 preempted the FIFO 20 caller");
	if (!*ran)
		PTS_UNRES("the child never ran");
	PTS_PASSED("a process made higher than the caller preempts it before the call returns");
}
