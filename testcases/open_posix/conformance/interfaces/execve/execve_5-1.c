// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve(): "The effective user ID of the new process image shall be
 * saved (as the saved set-user-ID)", likewise the effective group ID as
 * the saved set-group-ID, for a file without the set-ID bits; the real
 * IDs are kept. A child with real 65534, effective 65533 and saved 0
 * (uids and gids) executes; the new image reads real 65534, effective
 * 65533, saved 65533.
 */
#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	uid_t r, e, s;
	gid_t gr, ge, gs;
	char self[4096];
	int status, n;
	pid_t pid;

	(void)argv;

	if (argc > 1) {
		if (getresuid(&r, &e, &s) || getresgid(&gr, &ge, &gs))
			return 9;
		if (r != 65534 || e != 65533 || s != 65533)
			return 10;
		if (gr != 65534 || ge != 65533 || gs != 65533)
			return 11;
		return 0;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (setgroups(0, NULL) || setresgid(65534, 65533, 0) ||
		    setresuid(65534, 65533, 0))
			_exit(30);
		execl(self, "execve_5-1", "check", (char *)NULL);
		_exit(31);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 30)
		PTS_UNRES("set-up failed (%d): cannot change ids or exec as uid 65533",
			  WEXITSTATUS(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("after exec: status %#x (10: uids, 11: gids not real 65534, effective and saved 65533)",
			   status);
	PTS_PASSED("the effective ids became the saved set-IDs, real ids kept");
}
