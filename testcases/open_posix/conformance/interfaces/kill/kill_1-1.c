// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() sends the signal to the process; a realtime signal with
 * SA_SIGINFO set that is generated while pending is queued (RTS), also
 * when kill() generates it. A child kill()s its blocked parent with
 * SIGRTMIN three times: on unblocking the handler runs three times,
 * each with SI_USER, the child's pid and uid 0.
 */
#include "pts_sigkit.h"

static volatile sig_atomic_t ran, bad;
static pid_t sender;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (sig != SIGRTMIN || si->si_code != SI_USER || si->si_pid != sender ||
	    si->si_uid != getuid())
		bad = 1;
	ran++;
}

static int child(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		if (kill(getppid(), SIGRTMIN))
			return PTS_UNRESOLVED;
	}
	return PTS_PASS;
}

int main(void)
{
	pts_catch_info(SIGRTMIN, handler);
	pts_mask1(SIG_BLOCK, SIGRTMIN);
	sender = pts_fork_fn(child);
	pts_reap(sender, "the sender");
	pts_mask1(SIG_UNBLOCK, SIGRTMIN);
	printf("handler runs: %d\n", (int)ran);
	if (ran != 3)
		PTS_FAILED("%d deliveries of three kill(SIGRTMIN)", (int)ran);
	if (bad)
		PTS_FAILED("siginfo not SI_USER from the sender");
	PTS_PASSED("three kill() SIGRTMIN queued and delivered with SI_USER");
}
