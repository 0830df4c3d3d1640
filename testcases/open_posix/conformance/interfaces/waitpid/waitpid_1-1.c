// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid(): with pid > 0 it waits for that child only: while another
 * child has already terminated, waitpid(pid) stays asleep until pid
 * exits and returns it; the other child is still waitable after. With
 * pid -1 it returns any child. WNOHANG with a running child returns 0
 * and leaves stat_loc alone.
 */
#include "pts_helpers.h"

int main(void)
{
	pid_t me = getpid(), a, b, r;
	int status, p[2];
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	a = fork();
	if (a < 0)
		PTS_UNRES("fork(): %m");
	if (!a)
		_exit(5);
	b = fork();
	if (b < 0)
		PTS_UNRES("fork(): %m");
	if (!b) {
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		pts_wait_in_syscall(me, SYS_wait4);
		_exit(6);
	}
	close(p[0]);
	/* a is a zombie now: waitid(WNOWAIT) tells without reaping it */
	{
		siginfo_t si = { 0 };

		if (waitid(P_PID, a, &si, WEXITED | WNOWAIT) || si.si_pid != a)
			PTS_UNRES("waitid(WNOWAIT): %m");
	}
	status = 0x5a5a;
	r = waitpid(b, &status, WNOHANG);
	if (r != 0 || status != 0x5a5a)
		PTS_FAILED("WNOHANG with b running returned %d status %#x", (int)r, status);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	r = waitpid(b, &status, 0);
	if (r != b || !WIFEXITED(status) || WEXITSTATUS(status) != 6)
		PTS_FAILED("waitpid(b) returned %d status %#x, expected %d exit 6",
			   (int)r, status, (int)b);
	r = waitpid(-1, &status, 0);
	if (r != a || !WIFEXITED(status) || WEXITSTATUS(status) != 5)
		PTS_FAILED("waitpid(-1) returned %d status %#x, expected %d exit 5",
			   (int)r, status, (int)a);
	PTS_PASSED("waitpid(pid) waits for that child only; -1 any; WNOHANG 0");
}
