// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the CPU-time clocks of the new process and of its thread start
 * at 0. The parent first uses 300 ms of CPU time; the child, reading its
 * CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID at once, must
 * read less than the parent's total at the fork (the parent's time is
 * not carried over), and clock_getcpuclockid() of the child read by the
 * parent stays below it too.
 */
#include "pts_helpers.h"

static long long parent_cpu;

static int child(void)
{
	long long p = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	long long t = pts_now(CLOCK_THREAD_CPUTIME_ID);

	printf("child: process %lld us, thread %lld us; parent at fork %lld us\n",
	       p / 1000, t / 1000, parent_cpu / 1000);
	return p < parent_cpu && t < parent_cpu ? PTS_PASS : PTS_FAIL;
}

int main(void)
{
	long long cpu;
	clockid_t cid;
	int p[2], status;
	pid_t pid;
	char c;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < 300000000)
		;
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	parent_cpu = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		status = child();
		fflush(stdout);
		/* stay alive until the parent has read this process's clock */
		close(p[1]);
		if (read(p[0], &c, 1) < 0)
			_exit(PTS_UNRESOLVED);
		_exit(status);
	}
	close(p[0]);
	if (clock_getcpuclockid(pid, &cid))
		PTS_UNRES("clock_getcpuclockid(): %m");
	cpu = pts_now(cid);
	close(p[1]);
	if (cpu >= parent_cpu)
		PTS_FAILED("the child's clock read by the parent: %lld ns", cpu);
	pts_reap(pid, "child");
	PTS_PASSED("the child's CPU-time clocks started from 0");
}
