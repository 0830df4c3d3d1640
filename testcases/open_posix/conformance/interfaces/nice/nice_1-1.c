// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nice(incr) adds incr to the nice value of the calling process and
 * returns the new value (read back from the kernel: getpriority() and
 * field 19 of /proc/self/stat); the result is clamped to the range
 * 0..2*NZERO-1 of the implementation (Linux -20..19): nice(100) gives 19.
 * Only a privileged process may lower it: nobody's nice(-1) fails with
 * [EPERM] and the value stays. A child inherits the value.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static int nobody(void)
{
	int before = getpriority(PRIO_PROCESS, 0);

	PTS_EXPECT_ERRNO(nice(-1), EPERM, "nice(-1) as nobody");
	if (getpriority(PRIO_PROCESS, 0) != before)
		PTS_FAILED("a refused nice() changed the value");
	return PTS_PASS;
}

static void expect(int want, const char *when)
{
	int got = getpriority(PRIO_PROCESS, 0);
	long long st = pts_task_stat(getpid(), 19);

	if (got != want || st != want)
		PTS_FAILED("%s: getpriority %d, /proc %lld, expected %d", when,
			   got, st, want);
}

int main(void)
{
	int r, status;
	pid_t pid;

	/* in a child, so that the test's own process keeps its value */
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (pid) {
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			PTS_UNRES("child did not exit");
		return WEXITSTATUS(status);
	}
	if (setpriority(PRIO_PROCESS, 0, 0))
		PTS_UNRES("setpriority(0): %s", strerror(errno));
	errno = 0;
	r = nice(5);
	if (r != 5 || errno)
		PTS_FAILED("nice(5) from 0 returned %d (errno %d)", r, errno);
	expect(5, "after nice(5)");
	r = nice(-3);
	if (r != 2)
		PTS_FAILED("nice(-3) from 5 returned %d", r);
	expect(2, "after nice(-3)");
	r = nice(100);
	if (r != 19)
		PTS_FAILED("nice(100) returned %d, not the maximum 19", r);
	expect(19, "after nice(100)");
	r = nice(-100);
	if (r != -20)
		PTS_FAILED("nice(-100) returned %d, not the minimum -20", r);
	expect(-20, "after nice(-100)");
	nice(27);
	expect(7, "after nice(27)");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(getpriority(PRIO_PROCESS, 0) == 7 ? 0 : 1);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_FAILED("the child did not inherit nice 7");
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	PTS_PASSED("new value returned and applied, clamped to -20..19, inherited; EPERM for nobody");
}
