// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX_SPAWN_SETPGROUP: with spawn-pgroup 0 the child is put in a new
 * process group whose ID is its process ID; with a nonzero spawn-pgroup
 * it joins that group; without the flag it is in the parent's group.
 * Child A (pgroup 0) waits on a pipe while child B is spawned with
 * pgroup A's pid; getpgid() read by each child and by the parent.
 */
#include "pts_spawn20.h"

/* arg "own": a group of its own; else the group ID expected */
static int child(char *mode, char *arg)
{
	pid_t want = strcmp(arg, "own") ? (pid_t)strtol(arg, NULL, 10) : getpid();
	char c;

	if (getpgid(0) != want)
		PTS_FAILED("child %s: pgid %d, expected %d", mode, (int)getpgid(0),
			   (int)want);
	/* A stays alive (its group with it) until the parent closes the pipe */
	if (!strcmp(mode, "hold") && read(3, &c, 1) != 0)
		PTS_FAILED("child: read of the hold pipe");
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	char arg[16];
	pid_t a;
	int p[2];

	if (argc > 2)
		return child(argv[1], argv[2]);
	if (pipe2(p, O_CLOEXEC))
		PTS_UNRES("pipe2: %s", strerror(errno));
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, p[0], 3) ||
	    posix_spawnattr_init(&at) || posix_spawnattr_setpgroup(&at, 0) ||
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP))
		PTS_UNRES("set-up failed");
	a = pts_spawn_self(&fa, &at, "hold", "own");
	pts_wait_in_syscall(a, SYS_read);
	if (getpgid(a) != a)
		PTS_FAILED("parent: A's pgid %d, expected %d", (int)getpgid(a), (int)a);
	snprintf(arg, sizeof(arg), "%d", (int)a);
	posix_spawnattr_setpgroup(&at, a);
	pts_spawn_run(NULL, &at, "join", arg);
	snprintf(arg, sizeof(arg), "%d", (int)getpgid(0));
	pts_spawn_run(NULL, NULL, "inherit", arg);
	close(p[1]);
	pts_reap(a, "child A");
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("pgroup 0: own group; pgroup N: joins N; no flag: the parent's group");
}
