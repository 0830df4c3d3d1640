// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * times(): tms_cutime and tms_cstime hold "the sum of the tms_utime and
 * tms_cutime times of the child processes" (and likewise for the system
 * times) of the children waited for: a grandchild's CPU time, waited
 * for by its parent (our child), reaches our tms_cutime + tms_cstime
 * once we wait for the child, and not while the child is a zombie. The
 * grandchild burns at least 300 ms of CPU (its CLOCK_PROCESS_CPUTIME_ID,
 * passed up through a pipe); ours grow by at least that many clock
 * ticks less two (each of the two sums is truncated to whole ticks).
 */
#include <sys/times.h>

#include "pts_helpers.h"

static long long cticks(void)
{
	struct tms t;

	if (times(&t) == (clock_t)-1)
		PTS_UNRES("times(): %m");
	return (long long)t.tms_cutime + t.tms_cstime;
}

int main(void)
{
	long long before, zombie, after, burnt, need;
	long hz = sysconf(_SC_CLK_TCK);
	int p[2], status;
	pid_t pid;

	if (pipe(p) || hz <= 0)
		PTS_UNRES("set-up: %m");
	before = cticks();
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
			volatile unsigned long x = 0;

			while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < 300000000)
				x++;
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
	pts_wait_task_state(pid, "Z");
	zombie = cticks();
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("the child failed");
	after = cticks();
	need = burnt * hz / PTS_NSEC - 2;
	printf("grandchild %lld ns (%lld ticks at %ld Hz); before %lld, zombie %lld, after %lld\n",
	       burnt, burnt * hz / PTS_NSEC, hz, before, zombie, after);
	if (zombie != before)
		PTS_FAILED("an unreaped child's times were counted");
	if (after - before < need)
		PTS_FAILED("tms_cutime + tms_cstime grew by %lld ticks, less than %lld",
			   after - before, need);
	PTS_PASSED("a waited-for grandchild's times counted through its parent, after the reap");
}
