// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid() with WNOHANG: [ECHILD] when the process has no child
 * matching pid (any, pid 0, the own group, a given pid), also after
 * its only child has been reaped; 0 (and stat_loc untouched) while a
 * matching child exists but has no status to report.
 */
#include "pts_helpers.h"

int main(void)
{
	int st = 0x5a5a, p[2];
	pid_t pid;
	char c;

	PTS_EXPECT_ERRNO(waitpid(-1, &st, WNOHANG), ECHILD, "waitpid(-1, WNOHANG), no child");
	PTS_EXPECT_ERRNO(waitpid(0, &st, WNOHANG), ECHILD, "waitpid(0, WNOHANG), no child");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 1);	/* until the parent closes */
	}
	close(p[0]);
	if (waitpid(-1, &st, WNOHANG) != 0 || waitpid(pid, &st, WNOHANG) != 0 ||
	    waitpid(-getpgrp(), &st, WNOHANG) != 0)
		PTS_FAILED("WNOHANG with a running child did not return 0: %m");
	if (st != 0x5a5a)
		PTS_FAILED("stat_loc written (%#x) by a 0 return", st);
	PTS_EXPECT_ERRNO(waitpid(pid + 100000, &st, WNOHANG), ECHILD,
			 "waitpid(not a child, WNOHANG)");
	close(p[1]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		PTS_UNRES("the child: status %#x", st);
	PTS_EXPECT_ERRNO(waitpid(-1, &st, WNOHANG), ECHILD, "waitpid(-1, WNOHANG) after the reap");
	PTS_EXPECT_ERRNO(waitpid(pid, &st, WNOHANG), ECHILD, "waitpid(reaped pid, WNOHANG)");
	PTS_PASSED("WNOHANG: ECHILD without a matching child, 0 with a running one");
}
