// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrusage(RUSAGE_CHILDREN) returns the resources used "by the
 * terminated and waited-for children of the current process": the CPU
 * time of a grandchild that its parent (our child) waited for is part
 * of that child's children, and so of ours once we wait for the child.
 * The grandchild burns at least 300 ms of CPU (its own
 * CLOCK_PROCESS_CPUTIME_ID, passed up through a pipe); our
 * ru_utime + ru_stime for children grows by at least that much (less
 * the two microseconds of truncation), and not before the child is reaped (it is a zombie, its usage not counted).
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static long long children_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru))
		PTS_UNRES("getrusage(): %m");
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * PTS_NSEC +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
}

static int grandchild(void)
{
	volatile unsigned long x = 0;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < 300000000)
		x++;
	return PTS_PASS;
}

int main(void)
{
	long long before, zombie, after, burnt;
	int p[2], status;
	pid_t pid;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	before = children_ns();
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pid_t gc;

		close(p[0]);
		gc = fork();
		if (gc < 0)
			_exit(PTS_UNRESOLVED);
		if (!gc) {
			grandchild();
			burnt = pts_now(CLOCK_PROCESS_CPUTIME_ID);
			_exit(write(p[1], &burnt, sizeof(burnt)) == sizeof(burnt) ?
			      PTS_PASS : PTS_UNRESOLVED);
		}
		if (waitpid(gc, &status, 0) != gc || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			_exit(PTS_UNRESOLVED);
		_exit(PTS_PASS);
	}
	close(p[1]);
	if (read(p[0], &burnt, sizeof(burnt)) != sizeof(burnt))
		PTS_UNRES("the grandchild's CPU time never came");
	/* the child exits once the grandchild is reaped: wait for the zombie */
	pts_wait_task_state(pid, "Z");
	zombie = children_ns();
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("the child failed");
	after = children_ns();
	printf("grandchild %lld ns; children before %lld, zombie %lld, after %lld\n",
	       burnt, before, zombie, after);
	if (zombie != before)
		PTS_FAILED("an unreaped child's usage was counted");
	/* 2 us: ru_utime and ru_stime are each truncated to microseconds */
	if (after - before < burnt - 2000)
		PTS_FAILED("RUSAGE_CHILDREN grew by %lld ns, less than the grandchild's %lld",
			   after - before, burnt);
	PTS_PASSED("a waited-for grandchild's CPU time counted through its parent, after the reap");
}
