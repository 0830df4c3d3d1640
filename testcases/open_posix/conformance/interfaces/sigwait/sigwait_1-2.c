// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait() selects a pending signal of set and clears it from the
 * system's pending signals, wherever it is pending: SIGUSR1 pending for
 * main (pthread_kill(), SigPnd) and SIGUSR2 for the process (kill(),
 * ShdPnd). Two sigwait() calls return both (order printed), each
 * cleared from the kernel's mask it sat in; SIGTERM, blocked, pending
 * and outside set, stays.
 */
#include <pthread.h>

#include "pts_sigkit.h"

int main(void)
{
	pid_t me = getpid();
	sigset_t set, block;
	int a = 0, b = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	block = set;
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, NULL);
	pthread_kill(pthread_self(), SIGUSR1);
	kill(me, SIGUSR2);
	kill(me, SIGTERM);
	if (pts_task_mask(me, me, "SigPnd") != PTS_SIGBIT(SIGUSR1) ||
	    pts_shared_pending(me) != (PTS_SIGBIT(SIGUSR2) | PTS_SIGBIT(SIGTERM)))
		PTS_UNRES("the signals are not pending as sent");
	if (sigwait(&set, &a) || sigwait(&set, &b))
		PTS_FAILED("sigwait() failed");
	printf("sigwait() returned %d then %d\n", a, b);
	if (a + b != SIGUSR1 + SIGUSR2 || a == b)
		PTS_FAILED("did not return SIGUSR1 and SIGUSR2");
	if (pts_task_mask(me, me, "SigPnd") ||
	    pts_shared_pending(me) != PTS_SIGBIT(SIGTERM))
		PTS_FAILED("taken signals not cleared, or SIGTERM lost");
	PTS_PASSED("thread and process pending signals taken and cleared");
}
