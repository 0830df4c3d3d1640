// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn() of a file that does not exist: the failure is reported
 * as the return value, [ENOENT] (POSIX also allows a child that exits
 * with status 127, reported here as unsupported), for a missing file
 * and a missing directory in the path; a path through a regular file
 * gives [ENOTDIR]. When the error is returned no child is left behind
 * (waitpid() reports ECHILD) and *pid is not the ID of any child.
 */
#include "pts_spawn20.h"

static void refused(const char *path, int err)
{
	char *argv[] = { "x", NULL };
	pid_t pid = -1;
	int e, status = 0;

	errno = 0;
	e = posix_spawn(&pid, path, NULL, NULL, argv, environ);
	if (!e) {
		if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 127)
			PTS_UNSUPP("%s: the child exited 127 (allowed, not what this checks)", path);
		PTS_FAILED("%s: posix_spawn returned 0, child status 0x%x", path, status);
	}
	if (e != err)
		PTS_FAILED("%s: returned %d (%s), expected %s", path, e,
			   strerrorname_np(e), strerrorname_np(err));
	pts_spawn_no_child(path);
}

int main(void)
{
	char file[64], through[96];

	pts_spawn_file(file, "posix_spawn_2-1", 0755, "data\n");
	snprintf(through, sizeof(through), "%s/x", file);
	refused("/tmp/posix_spawn_2-1.missing", ENOENT);
	refused("/tmp/posix_spawn_2-1.nodir/prog", ENOENT);
	refused(through, ENOTDIR);
	unlink(file);
	PTS_PASSED("ENOENT and ENOTDIR returned as the value, no child left");
}
