// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid(): P_PGID waits only for children whose process group is id (a
 * child of the caller's group is not taken, WNOHANG returns si_pid 0 for
 * a group with a running child); P_ALL takes any child; a child killed
 * by a signal is reported with si_code CLD_KILLED and the signal in
 * si_status; WNOWAIT leaves it to be waited for again with the same
 * information.
 */
#include "pts_helpers.h"

int main(void)
{
	int p[2], q[2];
	pid_t a, b;
	siginfo_t si;
	char c;

	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	a = fork();
	if (a < 0)
		PTS_UNRES("fork(): %m");
	if (!a) {
		if (setpgid(0, 0))
			_exit(3);
		if (write(q[1], "r", 1) != 1 || read(p[0], &c, 1) != 1)
			_exit(4);
		_exit(5);
	}
	b = fork();
	if (b < 0)
		PTS_UNRES("fork(): %m");
	if (!b)
		_exit(6);
	if (read(q[0], &c, 1) != 1)
		PTS_UNRES("child a not ready");
	/* b has exited, but it is not in group a */
	memset(&si, 0xff, sizeof(si));
	if (waitid(P_PGID, a, &si, WEXITED | WNOHANG))
		PTS_FAILED("waitid(P_PGID, a, WNOHANG): %m");
	if (si.si_pid != 0)
		PTS_FAILED("P_PGID took pid %d, not in the group and not changed", (int)si.si_pid);
	kill(a, SIGTERM);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PGID, a, &si, WEXITED | WNOWAIT) || si.si_pid != a ||
	    si.si_code != CLD_KILLED || si.si_status != SIGTERM)
		PTS_FAILED("P_PGID WNOWAIT: pid %d code %d status %d, expected %d CLD_KILLED SIGTERM",
			   (int)si.si_pid, si.si_code, si.si_status, (int)a);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, a, &si, WEXITED) || si.si_pid != a ||
	    si.si_code != CLD_KILLED || si.si_status != SIGTERM)
		PTS_FAILED("after WNOWAIT: pid %d code %d status %d", (int)si.si_pid,
			   si.si_code, si.si_status);
	memset(&si, 0, sizeof(si));
	if (waitid(P_ALL, 0, &si, WEXITED) || si.si_pid != b ||
	    si.si_code != CLD_EXITED || si.si_status != 6)
		PTS_FAILED("P_ALL: pid %d code %d status %d, expected %d CLD_EXITED 6",
			   (int)si.si_pid, si.si_code, si.si_status, (int)b);
	PTS_EXPECT_ERRNO(waitid(P_ALL, 0, &si, WEXITED), ECHILD, "waitid(P_ALL) with no children");
	PTS_PASSED("P_PGID selects by group, CLD_KILLED with the signal, WNOWAIT, P_ALL");
}
