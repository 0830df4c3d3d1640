// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn_file_actions_adddup2() with fildes equal to newfildes
 * (POSIX.1-2024): the action clears FD_CLOEXEC on the descriptor
 * instead of doing nothing, so a descriptor marked close-on-exec in the
 * parent is inherited by the spawned image. Without the action the same
 * descriptor is closed by the exec. The parent's flag stays set.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int fd = atoi(arg + 1), want_open = arg[0] == 'o';

	if ((fcntl(fd, F_GETFD) != -1) != want_open)
		PTS_FAILED("child: descriptor %d %s, expected %s", fd,
			   want_open ? "closed" : "open", want_open ? "open" : "closed");
	if (want_open && fcntl(fd, F_GETFD) != 0)
		PTS_FAILED("child: descriptor %d flags %d", fd, fcntl(fd, F_GETFD));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	char arg[16];
	int p[2];

	if (argc > 1)
		return child(argv[2]);
	if (pipe2(p, O_CLOEXEC))
		PTS_UNRES("pipe2: %s", strerror(errno));
	snprintf(arg, sizeof(arg), "c%d", p[1]);
	pts_spawn_run(NULL, NULL, "child", arg);
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, p[1], p[1]))
		PTS_UNRES("file actions set-up failed");
	arg[0] = 'o';
	pts_spawn_run(&fa, NULL, "child", arg);
	if (!(fcntl(p[1], F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("the parent's FD_CLOEXEC was cleared");
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("adddup2(fd, fd) clears FD_CLOEXEC in the child; without it the exec closes fd");
}
