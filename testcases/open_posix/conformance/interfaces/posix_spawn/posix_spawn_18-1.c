// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX_SPAWN_RESETIDS: the child's effective user and group IDs are
 * set to the parent's real ones; without the flag the child inherits
 * the parent's effective IDs (the file has no set-ID bits). A helper
 * with real uid/gid 65534 and effective 0 spawns twice: the child reads
 * back euid/egid 65534 with the flag and 0 without, and its real IDs
 * are 65534 both times. The helper's own IDs are unchanged.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	uid_t want = strtoul(arg, NULL, 10);

	if (geteuid() != want || getegid() != want)
		PTS_FAILED("child: euid %u egid %u, expected %u", geteuid(),
			   getegid(), want);
	if (getuid() != PTS_NOBODY || getgid() != PTS_NOBODY)
		PTS_FAILED("child: real uid %u gid %u", getuid(), getgid());
	return PTS_PASS;
}

static int helper(void)
{
	posix_spawnattr_t at;
	char arg[16];

	if (setgroups(0, NULL) || setresgid(PTS_NOBODY, 0, 0) ||
	    setresuid(PTS_NOBODY, 0, 0))
		PTS_UNRES("set ids: %s", strerror(errno));
	if (posix_spawnattr_init(&at) ||
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_RESETIDS))
		PTS_UNRES("attribute set-up failed");
	snprintf(arg, sizeof(arg), "%d", PTS_NOBODY);
	pts_spawn_run(NULL, &at, "child", arg);
	pts_spawn_run(NULL, NULL, "child", "0");
	if (geteuid() != 0 || getegid() != 0 || getuid() != PTS_NOBODY)
		PTS_FAILED("the helper's ids changed");
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return child(argv[2]);
	if (geteuid())
		PTS_UNSUPP("needs root");
	pts_spawn_exe();
	pts_run_child(helper, "the helper");
	PTS_PASSED("RESETIDS: effective ids from the real ones; without it inherited");
}
