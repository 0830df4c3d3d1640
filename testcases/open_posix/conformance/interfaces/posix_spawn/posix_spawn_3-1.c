// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn() of a file without execute permission, and of a
 * directory, fails as execve() would, reported as the return value:
 * [EACCES] (even for root, which needs an execute bit), with no child
 * left behind.
 */
#include "pts_spawn20.h"

static void refused(const char *path)
{
	char *argv[] = { "x", NULL };
	pid_t pid = -1;
	int e, status = 0;

	e = posix_spawn(&pid, path, NULL, NULL, argv, environ);
	if (!e) {
		if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 127)
			PTS_UNSUPP("%s: the child exited 127 (allowed, not what this checks)", path);
		PTS_FAILED("%s: posix_spawn returned 0, status 0x%x", path, status);
	}
	if (e != EACCES)
		PTS_FAILED("%s: returned %d (%s), expected EACCES", path, e,
			   strerrorname_np(e));
	pts_spawn_no_child(path);
}

int main(void)
{
	char file[64];

	pts_spawn_file(file, "posix_spawn_3-1", 0644, "#!/bin/sh\nexit 0\n");
	refused(file);
	refused("/tmp");
	unlink(file);
	PTS_PASSED("EACCES for a file without execute bits and a directory, no child left");
}
