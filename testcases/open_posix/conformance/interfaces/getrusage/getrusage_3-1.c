// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RUSAGE_CHILDREN holds the resources of "terminated child processes
 * of the calling process that have been waited for":
 * - a child killed by SIGKILL after using 200 ms of CPU (its
 *   CLOCK_PROCESS_CPUTIME_ID read by the parent just before the kill) is
 *   counted once reaped, with at least that CPU time, not while only
 *   seen with waitid(WNOWAIT);
 * - a child never waited for, reaped by the system because SIGCHLD is
 *   ignored (no zombie: waitpid() then fails with ECHILD), is not
 *   counted at all though it used 200 ms too.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

#define SPIN (200 * 1000000LL)

static long long children_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru))
		PTS_UNRES("getrusage(): %m");
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * PTS_NSEC +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
}

/* a child that spins for SPIN of its CPU time, then reports and waits */
static pid_t spinner(int p[2])
{
	pid_t pid;
	char c = 's';

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < SPIN)
			;
		if (write(p[1], &c, 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	return pid;
}

int main(void)
{
	long long before, cpu, after;
	int p[2], status;
	clockid_t clk;
	siginfo_t si;
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	before = children_ns();
	pid = spinner(p);
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("the spinner never reported");
	if (clock_getcpuclockid(pid, &clk))
		PTS_UNRES("clock_getcpuclockid(): %m");
	cpu = pts_now(clk);
	kill(pid, SIGKILL);
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) || si.si_code != CLD_KILLED)
		PTS_UNRES("waitid(WNOWAIT): %m, code %d", si.si_code);
	after = children_ns();
	if (after != before)
		PTS_FAILED("RUSAGE_CHILDREN grew by %lld ns for a child not yet waited for",
			   after - before);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status))
		PTS_UNRES("waitpid(): status 0x%x", status);
	after = children_ns();
	printf("killed child: CPU %lld ns, RUSAGE_CHILDREN +%lld ns\n", cpu,
	       after - before);
	/* each of the two timevals may have lost up to 1 us */
	if (after - before < cpu - 2000)
		PTS_FAILED("RUSAGE_CHILDREN grew by %lld ns for a reaped child that used %lld ns",
			   after - before, cpu);

	signal(SIGCHLD, SIG_IGN);
	before = children_ns();
	pid = spinner(p);
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("the spinner never reported");
	kill(pid, SIGKILL);
	/* with SIGCHLD ignored, waitpid() returns ECHILD once it is gone */
	errno = 0;
	if (waitpid(pid, &status, 0) != -1 || errno != ECHILD)
		PTS_FAILED("waitpid() of an auto-reaped child: errno %s",
			   strerrorname_np(errno));
	after = children_ns();
	if (after != before)
		PTS_FAILED("RUSAGE_CHILDREN grew by %lld ns for a child never waited for",
			   after - before);
	PTS_PASSED("RUSAGE_CHILDREN counts children waited for only, killed ones included");
}
