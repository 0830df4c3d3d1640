// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _exit(): the parent process ID of the exiting process's children is
 * set to that of an implementation-defined system process; on Linux the
 * nearest ancestor that is a child subreaper (PR_SET_CHILD_SUBREAPER),
 * here the test itself, which can then wait for the orphan. The orphan
 * keeps running and sees getppid() change away from its dead parent.
 */
#include <sys/prctl.h>

#include "pts_helpers.h"

int main(void)
{
	int p[2], status;
	pid_t me = getpid(), a, b, r;
	long long end;

	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		PTS_UNRES("PR_SET_CHILD_SUBREAPER: %m");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	a = fork();
	if (a < 0)
		PTS_UNRES("fork(): %m");
	if (!a) {
		pid_t pa = getpid(), mine;

		b = fork();
		if (b < 0)
			_exit(3);
		if (!b) {
			close(p[0]);
			/* tell the test our pid, then see the parent go */
			mine = getpid();
			if (write(p[1], &mine, sizeof(mine)) != sizeof(mine))
				_exit(5);
			end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(20);
			while (getppid() == pa) {
				if (pts_now(CLOCK_MONOTONIC) > end)
					_exit(6);
				pts_nap();
			}
			_exit(getppid() == me ? 40 : 41);
		}
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &b, sizeof(b)) != sizeof(b))
		PTS_UNRES("no pid from the grandchild");
	if (waitpid(a, &status, 0) != a || !WIFEXITED(status) || WEXITSTATUS(status))
		PTS_UNRES("middle child: status %#x", status);
	r = waitpid(b, &status, 0);
	if (r != b)
		PTS_FAILED("waitpid(orphan %d) returned %d (%m): not reparented to the subreaper",
			   (int)b, (int)r);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 40)
		PTS_FAILED("orphan exit status %#x (41: ppid not the subreaper, 6: ppid never changed)",
			   status);
	PTS_PASSED("the orphan's parent became the subreaper, which reaped it");
}
