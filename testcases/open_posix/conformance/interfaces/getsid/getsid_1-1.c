// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getsid(): getsid(0) is the caller's session ID, the same as
 * getsid(getpid()); a child is in its parent's session until it calls
 * setsid(), after which the parent's getsid(child) reads the child's
 * pid; a pid with no process fails with [ESRCH]. Whether a process in
 * another session may be asked ([EPERM] is allowed) is printed only.
 */
#include "pts_helpers.h"

int main(void)
{
	pid_t sid = getsid(0), pid, r;
	int p[2], q[2], status;
	char c;

	if (sid < 0 || getsid(getpid()) != sid)
		PTS_FAILED("getsid(0) %d, getsid(getpid()) %d", (int)sid,
			   (int)getsid(getpid()));
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		if (setsid() < 0)
			_exit(4);
		if (write(q[1], "y", 1) != 1)
			_exit(5);
		if (read(p[0], &c, 1) != 1)
			_exit(6);
		_exit(getsid(0) == getpid() ? 0 : 7);
	}
	if (getsid(pid) != sid)
		PTS_FAILED("child's session %d, expected the parent's %d",
			   (int)getsid(pid), (int)sid);
	if (write(p[1], "x", 1) != 1 || read(q[0], &c, 1) != 1)
		PTS_UNRES("pipe i/o: %m");
	r = getsid(pid);
	if (r == -1 && errno == EPERM)
		printf("INFO: getsid() of a process in another session: EPERM\n");
	else if (r != pid)
		PTS_FAILED("getsid(child) after its setsid() returned %d, expected %d",
			   (int)r, (int)pid);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid || status)
		PTS_FAILED("child status %#x", status);
	PTS_EXPECT_ERRNO(getsid(pid), ESRCH, "getsid(reaped child)");
	PTS_PASSED("getsid(0), inherited session, a child's new session, ESRCH");
}
