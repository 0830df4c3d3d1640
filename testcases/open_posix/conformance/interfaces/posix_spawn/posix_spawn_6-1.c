// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn_file_actions_addclose(): the descriptor is closed in the
 * spawned process as by close(), and only there. The parent holds a
 * pipe's write end without FD_CLOEXEC; with an addclose action for it
 * the child finds it closed ([EBADF] from fcntl()), while a second
 * descriptor of the same kind without the action is inherited open.
 * The parent's copy stays open.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int closed, kept;

	if (sscanf(arg, "%d,%d", &closed, &kept) != 2)
		PTS_UNRES("child: bad argument %s", arg);
	errno = 0;
	if (fcntl(closed, F_GETFD) != -1 || errno != EBADF)
		PTS_FAILED("child: descriptor %d still open (errno %d)", closed, errno);
	if (fcntl(kept, F_GETFD) == -1)
		PTS_FAILED("child: descriptor %d without an action was closed", kept);
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	char arg[32];
	int p[2], q[2];

	if (argc > 1)
		return child(argv[2]);
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe: %s", strerror(errno));
	snprintf(arg, sizeof(arg), "%d,%d", p[1], q[1]);
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_addclose(&fa, p[1]))
		PTS_UNRES("file actions set-up failed");
	pts_spawn_run(&fa, NULL, "child", arg);
	if (fcntl(p[1], F_GETFD) == -1)
		PTS_FAILED("the parent's descriptor was closed");
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("closed in the child only; another descriptor inherited");
}
