// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() and process lifetime: a process exists until its parent has
 * waited for it, so a child that has exited but is not yet reaped (a
 * zombie) can still be signalled: kill() with signal 0, SIGUSR1 and
 * SIGKILL returns 0 and the exit status is unchanged (exit 7). Once it
 * is reaped, kill() fails with [ESRCH]. (The zombie is observed with
 * waitid(WNOWAIT), which leaves it waitable.)
 */
#include "pts_helpers.h"

int main(void)
{
	siginfo_t si;
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		_exit(7);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) || si.si_pid != pid)
		PTS_UNRES("waitid(WNOWAIT): %s", strerror(errno));
	if (kill(pid, 0) || kill(pid, SIGUSR1) || kill(pid, SIGKILL))
		PTS_FAILED("kill() of an unreaped child: %s", strerror(errno));
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	printf("zombie signalled; status %#x\n", status);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 7)
		PTS_FAILED("the exit status of the zombie changed: %#x", status);
	PTS_EXPECT_ERRNO(kill(pid, 0), ESRCH, "kill(reaped, 0)");
	PTS_EXPECT_ERRNO(kill(pid, SIGKILL), ESRCH, "kill(reaped, SIGKILL)");
	PTS_PASSED("an unreaped child can be signalled, a reaped one is ESRCH");
}
