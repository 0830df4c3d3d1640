// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() to a process group whose members include a zombie (exited, not
 * yet waited for): the zombie is still a process of the group, so
 * kill(-pgid, SIGUSR1) returns 0 and the live member gets the signal;
 * once every member left is a zombie, kill(-pgid, SIGUSR1) and
 * kill(-pgid, 0) still return 0, and [ESRCH] only after the last one
 * is reaped. The zombies' exit statuses are not changed by the
 * signals.
 */
#include <sys/prctl.h>

#include "pts_helpers.h"

static int sync_pipe[2];

static void on_usr1(int sig)
{
	(void)sig;
	_exit(42);
}

int main(void)
{
	pid_t leader, member;
	int status;
	char c;

	if (pipe(sync_pipe))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	leader = fork();
	if (leader < 0)
		PTS_UNRES("fork(): %m");
	if (!leader) {
		/* leads a group of its own and exits at once: a zombie */
		setpgid(0, 0);
		_exit(5);
	}
	if (setpgid(leader, leader) && errno != EACCES)
		PTS_UNRES("setpgid(leader): %m");
	/* the zombie is not reaped: its exit is waited for with WNOWAIT */
	{
		siginfo_t si;

		if (waitid(P_PID, leader, &si, WEXITED | WNOWAIT))
			PTS_UNRES("waitid(WNOWAIT): %m");
	}
	member = fork();
	if (member < 0)
		PTS_UNRES("fork(): %m");
	if (!member) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		signal(SIGUSR1, on_usr1);
		if (setpgid(0, leader))
			_exit(PTS_UNRESOLVED);
		if (write(sync_pipe[1], "m", 1) != 1)
			_exit(PTS_UNRESOLVED);
		for (;;)
			pause();
	}
	if (read(sync_pipe[0], &c, 1) != 1)
		PTS_UNRES("member set-up failed");
	if (getpgid(member) != leader || getpgid(leader) != leader)
		PTS_UNRES("group set-up: member %d leader %d", (int)getpgid(member),
			  (int)getpgid(leader));
	if (kill(-leader, SIGUSR1))
		PTS_FAILED("kill(-pgid) with a zombie leader and a live member: %m");
	if (waitpid(member, &status, 0) != member || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 42)
		PTS_FAILED("the live member did not handle SIGUSR1: status 0x%x",
			   status);
	/* only the zombie leader is left in the group */
	if (kill(-leader, SIGUSR1))
		PTS_FAILED("kill(-pgid, SIGUSR1) with only a zombie in the group: %m");
	if (kill(-leader, 0))
		PTS_FAILED("kill(-pgid, 0) with only a zombie in the group: %m");
	if (waitpid(leader, &status, 0) != leader)
		PTS_UNRES("waitpid(leader): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 5)
		PTS_FAILED("the zombie's status changed to 0x%x", status);
	PTS_EXPECT_ERRNO(kill(-leader, 0), ESRCH, "kill(-pgid, 0) once the group is empty");
	PTS_EXPECT_ERRNO(kill(-leader, SIGUSR1), ESRCH,
			 "kill(-pgid, SIGUSR1) once the group is empty");
	PTS_PASSED("a group holding zombies is signalled (0), ESRCH only when empty");
}
