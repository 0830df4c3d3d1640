// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid() errors: [ECHILD] for a pid that is not a child (pid 1, the
 * caller itself, a child already reaped) and with no children at all;
 * [EINVAL] for an invalid options value (WEXITED, which only waitid()
 * takes, 0x100, -1), also with no child; [EINTR] when a caught signal
 * (no SA_RESTART) interrupts the wait, the child not reaped.
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	pid_t me = getpid(), pid, r;
	int status, p[2];
	char c;

	PTS_EXPECT_ERRNO(waitpid(-1, &status, 0), ECHILD, "waitpid(-1) with no children");
	PTS_EXPECT_ERRNO(waitpid(1, &status, 0), ECHILD, "waitpid(1)");
	PTS_EXPECT_ERRNO(waitpid(me, &status, 0), ECHILD, "waitpid(own pid)");
	/* options checked first: EINVAL even with no child (not ECHILD) */
	PTS_EXPECT_ERRNO(waitpid(-1, &status, WEXITED), EINVAL, "waitpid(options WEXITED)");
	PTS_EXPECT_ERRNO(waitpid(-1, &status, 0x100), EINVAL, "waitpid(options 0x100)");
	PTS_EXPECT_ERRNO(waitpid(-1, &status, -1), EINVAL, "waitpid(options -1)");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		pts_wait_in_syscall(me, SYS_wait4);
		kill(me, SIGUSR1);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		_exit(9);
	}
	close(p[0]);
	PTS_EXPECT_ERRNO(waitpid(pid, &status, 0), EINTR, "waitpid() interrupted");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	r = waitpid(pid, &status, 0);
	if (r != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 9)
		PTS_FAILED("child after EINTR: returned %d status %#x", (int)r, status);
	PTS_EXPECT_ERRNO(waitpid(pid, &status, 0), ECHILD, "waitpid(reaped child)");
	PTS_PASSED("ECHILD, EINVAL, EINTR leaving the child waitable");
}
