// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn_file_actions_adddup2(): newfildes in the spawned process
 * is a copy of fildes as by dup2(), so it refers to the same open file
 * description and does not have FD_CLOEXEC even when fildes has it (the
 * original, with FD_CLOEXEC, is closed by the exec). A pipe's write end
 * with FD_CLOEXEC duplicated to 9: the child writes to 9, the parent
 * reads it from the pipe; the child finds the original closed.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int orig = atoi(arg);

	if (fcntl(9, F_GETFD) != 0)
		PTS_FAILED("child: descriptor 9 flags %d, expected 0", fcntl(9, F_GETFD));
	if (fcntl(orig, F_GETFD) != -1)
		PTS_FAILED("child: the FD_CLOEXEC original %d survived exec", orig);
	if (write(9, "dup2", 4) != 4)
		PTS_FAILED("child: write: %s", strerror(errno));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	char arg[16], buf[8] = "";
	int p[2];

	if (argc > 1)
		return child(argv[2]);
	close(9);
	if (pipe2(p, O_CLOEXEC))
		PTS_UNRES("pipe2: %s", strerror(errno));
	snprintf(arg, sizeof(arg), "%d", p[1]);
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, p[1], 9))
		PTS_UNRES("file actions set-up failed");
	pts_spawn_run(&fa, NULL, "child", arg);
	close(p[1]);
	if (read(p[0], buf, sizeof(buf) - 1) != 4 || strcmp(buf, "dup2"))
		PTS_FAILED("read \"%s\" from the pipe, expected dup2", buf);
	if (fcntl(9, F_GETFD) != -1)
		PTS_FAILED("descriptor 9 open in the parent");
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("newfildes shares the description, FD_CLOEXEC clear, original closed by exec");
}
