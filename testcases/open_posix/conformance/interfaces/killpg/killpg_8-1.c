// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killpg(): [ESRCH] when no process group matches pgrp. A child that is
 * a member of the caller's group but not its leader: its pid names no
 * group, so killpg(pid, SIGUSR1) and killpg(pid, 0) fail with ESRCH and
 * the child gets nothing (it exits 0 when its pipe closes, SIGUSR1 would
 * kill it). Once it leads a group of its own (setpgid), killpg(pid, 0)
 * returns 0.
 */
#include "pts_sigkit.h"

int main(void)
{
	int fds[2], go[2];
	pid_t pid;
	char c;

	if (pipe(fds) || pipe(go))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		close(fds[1]);
		close(go[0]);
		if (read(fds[0], &c, 1) != 1 || setpgid(0, 0))
			_exit(PTS_UNRESOLVED);
		if (write(go[1], "k", 1) != 1)
			_exit(PTS_UNRESOLVED);
		_exit(read(fds[0], &c, 1) == 0 ? PTS_PASS : PTS_UNRESOLVED);
	}
	close(fds[0]);
	close(go[1]);
	if (getpgid(pid) != getpgrp())
		PTS_UNRES("the child is not in our group");
	PTS_EXPECT_ERRNO(killpg(pid, SIGUSR1), ESRCH, "killpg(member pid, SIGUSR1)");
	PTS_EXPECT_ERRNO(killpg(pid, 0), ESRCH, "killpg(member pid, 0)");
	if (write(fds[1], "g", 1) != 1 || read(go[0], &c, 1) != 1)
		PTS_UNRES("the child did not make its group");
	if (killpg(pid, 0))
		PTS_FAILED("killpg(its own group, 0): %s", strerror(errno));
	close(fds[1]);
	pts_reap(pid, "the child");
	PTS_PASSED("ESRCH for a pid that leads no group; 0 once it does");
}
