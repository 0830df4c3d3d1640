// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX_SPAWN_SETSID (POSIX.1-2024): the child is made a session leader
 * as by setsid(): getsid() and getpgid() of the child are its own pid.
 * Without the flag it stays in the parent's session.
 */
#include "pts_spawn20.h"

/* arg "new": a session of its own; else the session ID expected */
static int child(char *arg)
{
	int fresh = !strcmp(arg, "new");
	pid_t want = fresh ? getpid() : (pid_t)strtol(arg, NULL, 10);

	if (getsid(0) != want)
		PTS_FAILED("child: sid %d, expected %d", (int)getsid(0), (int)want);
	if (fresh && getpgid(0) != getpid())
		PTS_FAILED("child: pgid %d, expected its pid", (int)getpgid(0));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawnattr_t at;
	char arg[16];

	if (argc > 1)
		return child(argv[2]);
#ifndef POSIX_SPAWN_SETSID
	PTS_UNSUPP("no POSIX_SPAWN_SETSID in <spawn.h>");
#else
	if (posix_spawnattr_init(&at) ||
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSID))
		PTS_UNSUPP("POSIX_SPAWN_SETSID refused");
	pts_spawn_run(NULL, &at, "child", "new");
	snprintf(arg, sizeof(arg), "%d", (int)getsid(0));
	pts_spawn_run(NULL, NULL, "child", arg);
	posix_spawnattr_destroy(&at);
	PTS_PASSED("SETSID: a new session led by the child; without: the parent's session");
#endif
}
