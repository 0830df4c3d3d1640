// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * When a file action fails in the new process, posix_spawn() fails and
 * returns that error (POSIX also allows a child exiting with 127,
 * reported as unsupported): an addopen of a missing file without
 * O_CREAT gives [ENOENT], an adddup2 from a descriptor that is not open
 * gives [EBADF]. Nothing runs (the program would create a marker) and
 * no child is left behind.
 */
#include "pts_spawn20.h"

static char marker[64];

static void refused(posix_spawn_file_actions_t *fa, int err, const char *what)
{
	char *argv[] = { PTS_SPAWN_ARGV0, "child", marker, NULL };
	pid_t pid = -1;
	int e, status = 0;

	e = posix_spawn(&pid, pts_spawn_exe(), fa, NULL, argv, environ);
	if (!e) {
		if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 127)
			PTS_UNSUPP("%s: child exited 127 (allowed, not what this checks)", what);
		PTS_FAILED("%s: posix_spawn returned 0, status 0x%x", what, status);
	}
	if (e != err)
		PTS_FAILED("%s: returned %d (%s), expected %s", what, e,
			   strerrorname_np(e), strerrorname_np(err));
	pts_spawn_no_child(what);
	if (!access(marker, F_OK))
		PTS_FAILED("%s: the program ran", what);
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	int fd;

	if (argc > 1) {
		close(open(argv[2], O_WRONLY | O_CREAT, 0600));
		return PTS_PASS;
	}
	snprintf(marker, sizeof(marker), "/tmp/posix_spawn_10-1.%d", (int)getpid());
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_addopen(&fa, 5, "/tmp/posix_spawn_10-1.none",
					     O_RDONLY, 0))
		PTS_UNRES("file actions set-up failed");
	refused(&fa, ENOENT, "addopen of a missing file");
	posix_spawn_file_actions_destroy(&fa);

	fd = dup(0);
	close(fd);
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, fd, 5))
		PTS_UNRES("file actions set-up failed");
	refused(&fa, EBADF, "adddup2 from a closed descriptor");
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("a failing action fails posix_spawn with its error, nothing runs");
}
