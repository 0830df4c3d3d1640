// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX_SPAWN_SETSIGDEF: the signals in the attribute's sigdefault set
 * are set to the default action in the spawned process; other ignored
 * signals stay ignored across the exec. The parent ignores SIGUSR1 and
 * SIGUSR2; with the flag and sigdefault {SIGUSR1} the child's SigIgn has
 * SIGUSR2 and not SIGUSR1; without the flag both. The parent still
 * ignores both.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int usr1 = pts_spawn_bit("SigIgn", SIGUSR1);
	int usr2 = pts_spawn_bit("SigIgn", SIGUSR2);

	if (usr1 != (arg[0] == '1') || !usr2)
		PTS_FAILED("child: SIGUSR1 ignored %d (expected %c), SIGUSR2 ignored %d",
			   usr1, arg[0], usr2);
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawnattr_t at;
	sigset_t set;

	if (argc > 1)
		return child(argv[2]);
	signal(SIGUSR1, SIG_IGN);
	signal(SIGUSR2, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (posix_spawnattr_init(&at) || posix_spawnattr_setsigdefault(&at, &set) ||
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF))
		PTS_UNRES("attribute set-up failed");
	pts_spawn_run(NULL, &at, "child", "0");
	pts_spawn_run(NULL, NULL, "child", "1");
	if (!pts_spawn_bit("SigIgn", SIGUSR1) || !pts_spawn_bit("SigIgn", SIGUSR2))
		PTS_FAILED("the parent's dispositions changed");
	posix_spawnattr_destroy(&at);
	PTS_PASSED("SETSIGDEF defaults exactly the set given; ignored signals otherwise stay ignored");
}
