// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid(): pid 0 waits for a child in the caller's process group only,
 * pid < -1 for a child in the group -pid only. A child that moved to a
 * group of its own (and has exited) is not returned by waitpid(0): with
 * no child in the caller's group that fails with [ECHILD], as
 * waitpid(-own pgid) and waitpid(-pgid) of a group with no child do;
 * waitpid(-pgid) of its group returns it, and a child of the caller's
 * group is returned by waitpid(0).
 */
#include "pts_helpers.h"

int main(void)
{
	siginfo_t si;
	pid_t a, b, r;
	int status, p[2];
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	a = fork();
	if (a < 0)
		PTS_UNRES("fork(): %m");
	if (!a) {
		if (setpgid(0, 0))
			_exit(3);
		_exit(7);
	}
	/* make sure a moved (it may also be set from here) before it exits */
	setpgid(a, a);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, a, &si, WEXITED | WNOWAIT) || si.si_pid != a)
		PTS_UNRES("waitid(WNOWAIT): %m");
	if (getpgid(a) != a)
		PTS_UNRES("child %d is in group %d, not its own", (int)a, (int)getpgid(a));
	PTS_EXPECT_ERRNO(waitpid(0, &status, WNOHANG), ECHILD,
			 "waitpid(0) with the only child in another group");
	PTS_EXPECT_ERRNO(waitpid(-getpgrp(), &status, WNOHANG), ECHILD,
			 "waitpid(-own group) with no child in it");
	b = fork();
	if (b < 0)
		PTS_UNRES("fork(): %m");
	if (!b) {
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(8);
	}
	close(p[0]);
	PTS_EXPECT_ERRNO(waitpid(-(a + 100000), &status, 0), ECHILD,
			 "waitpid(-pgid) of a group with no child");
	r = waitpid(-a, &status, 0);
	if (r != a || !WIFEXITED(status) || WEXITSTATUS(status) != 7)
		PTS_FAILED("waitpid(-%d) returned %d status %#x", (int)a, (int)r, status);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	r = waitpid(0, &status, 0);
	if (r != b || !WIFEXITED(status) || WEXITSTATUS(status) != 8)
		PTS_FAILED("waitpid(0) returned %d status %#x, expected %d exit 8",
			   (int)r, status, (int)b);
	PTS_PASSED("waitpid(0) and waitpid(-pgid) select children by process group");
}
