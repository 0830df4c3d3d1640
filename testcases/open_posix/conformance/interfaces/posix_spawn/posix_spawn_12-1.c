// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX_SPAWN_SETSIGMASK: the spawned process's signal mask is the
 * attribute's mask; without the flag it inherits the caller's. The
 * parent blocks SIGUSR2; with the flag and a mask of SIGUSR1 and
 * SIGRTMIN the child's SigBlk (/proc/self/status) has exactly those two
 * (SIGUSR2 clear); without the flag exactly SIGUSR2. The parent's mask
 * is unchanged.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	unsigned long long want = strtoull(arg, NULL, 16);
	unsigned long long got = pts_task_mask(getpid(), getpid(), "SigBlk");

	if (got != want)
		PTS_FAILED("child: SigBlk %llx, expected %llx", got, want);
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawnattr_t at;
	sigset_t set;
	char arg[32];

	if (argc > 1)
		return child(argv[2]);
	pts_mask1(SIG_BLOCK, SIGUSR2);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	if (posix_spawnattr_init(&at) || posix_spawnattr_setsigmask(&at, &set) ||
	    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK))
		PTS_UNRES("attribute set-up failed");
	snprintf(arg, sizeof(arg), "%llx", PTS_SIGBIT(SIGUSR1) | PTS_SIGBIT(SIGRTMIN));
	pts_spawn_run(NULL, &at, "child", arg);
	snprintf(arg, sizeof(arg), "%llx", PTS_SIGBIT(SIGUSR2));
	pts_spawn_run(NULL, NULL, "child", arg);
	if (pts_task_mask(getpid(), getpid(), "SigBlk") != PTS_SIGBIT(SIGUSR2))
		PTS_FAILED("the parent's mask changed");
	posix_spawnattr_destroy(&at);
	PTS_PASSED("child mask is the attribute's with SETSIGMASK, the parent's without");
}
