// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * alarm(): when the alarm expires SIGALRM is generated, whose default
 * action terminates the process: a child that set alarm(1) and waits in
 * pause() is killed by SIGALRM (wait status), no earlier than 1 s after
 * (read by the parent on CLOCK_MONOTONIC from before the child's fork);
 * alarm() with no alarm pending returns 0.
 */
#include "pts_helpers.h"

int main(void)
{
	long long t0, t1;
	int status;
	pid_t pid;

	t0 = pts_now(CLOCK_MONOTONIC);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		signal(SIGALRM, SIG_DFL);
		if (alarm(0) != 0)
			_exit(3);
		alarm(1);
		for (;;)
			pause();
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	t1 = pts_now(CLOCK_MONOTONIC);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGALRM)
		PTS_FAILED("child status %#x, expected killed by SIGALRM", status);
	if (t1 - t0 < PTS_NSEC)
		PTS_FAILED("killed after %lld ns, before the 1 s alarm", t1 - t0);
	PTS_PASSED("the expired alarm's SIGALRM terminated the child after %lld ns", t1 - t0);
}
