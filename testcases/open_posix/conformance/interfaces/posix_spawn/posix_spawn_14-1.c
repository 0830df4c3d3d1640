// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The spawned process starts as after an exec: signals the parent
 * catches are set to the default action (neither caught nor ignored in
 * the child's /proc/self/status), and signals pending for the parent
 * are not pending for the child (a new process). The parent catches
 * SIGUSR1 and has SIGUSR2 blocked and pending, and keeps both.
 */
#include "pts_spawn20.h"

static void handler(int sig)
{
	(void)sig;
}

static int child(void)
{
	if (pts_spawn_bit("SigCgt", SIGUSR1) || pts_spawn_bit("SigIgn", SIGUSR1))
		PTS_FAILED("child: SIGUSR1 caught or ignored, expected default");
	if (pts_task_mask(getpid(), getpid(), "SigPnd") ||
	    pts_task_mask(getpid(), getpid(), "ShdPnd"))
		PTS_FAILED("child: signals pending");
	if (!pts_spawn_bit("SigBlk", SIGUSR2))
		PTS_FAILED("child: the inherited mask lacks SIGUSR2");
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	(void)argv;
	if (argc > 1)
		return child();
	pts_catch(SIGUSR1, handler, 0);
	pts_mask1(SIG_BLOCK, SIGUSR2);
	kill(getpid(), SIGUSR2);
	if (!(pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR2)))
		PTS_UNRES("SIGUSR2 not pending in the parent");
	pts_spawn_run(NULL, NULL, "child", NULL);
	if (!pts_spawn_bit("SigCgt", SIGUSR1) ||
	    !(pts_shared_pending(getpid()) & PTS_SIGBIT(SIGUSR2)))
		PTS_FAILED("the parent's handler or pending signal is gone");
	PTS_PASSED("caught signals default in the child, nothing pending there, mask inherited");
}
