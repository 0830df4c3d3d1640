// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpgid(): getpgid(0) is the caller's process group, equal to
 * getpgrp(); a child is in its parent's group until moved, and then
 * getpgid(child) reads the new group (also for a zombie child, which
 * still exists); a pid with no process fails with [ESRCH].
 */
#include "pts_helpers.h"

int main(void)
{
	pid_t pg = getpgrp(), pid;
	siginfo_t si;
	int status;

	if (getpgid(0) != pg || getpgid(getpid()) != pg)
		PTS_FAILED("getpgid(0) %d, getpgid(getpid()) %d, getpgrp() %d",
			   (int)getpgid(0), (int)getpgid(getpid()), (int)pg);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(getpgid(0) == pg && getpgrp() == pg ? 0 : 3);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT))
		PTS_UNRES("waitid(): %m");
	if (getpgid(pid) != pg)
		PTS_FAILED("zombie child's group %d, expected %d", (int)getpgid(pid), (int)pg);
	if (waitpid(pid, &status, 0) != pid || status)
		PTS_FAILED("child status %#x", status);
	PTS_EXPECT_ERRNO(getpgid(pid), ESRCH, "getpgid(reaped child)");

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (setpgid(0, 0))
			_exit(3);
		_exit(getpgid(0) == getpid() ? 0 : 4);
	}
	setpgid(pid, pid);
	if (getpgid(pid) != pid)
		PTS_FAILED("moved child's group %d, expected %d", (int)getpgid(pid), (int)pid);
	if (waitpid(pid, &status, 0) != pid || status)
		PTS_FAILED("child status %#x", status);
	PTS_PASSED("getpgid(0), a child's group before and after a move, ESRCH");
}
