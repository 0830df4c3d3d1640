// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): selects a pending signal of set, clears it from the pending
 * set and stores its number in *sig, returning 0; no handler runs. With
 * SIGUSR1 and SIGUSR2 pending and set = {SIGUSR2}, SIGUSR2 is returned
 * and SIGUSR1 stays pending.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t handled;

static void handler(int sig)
{
	(void)sig;
	handled = 1;
}

int main(void)
{
	struct sigaction sa;
	sigset_t both, set, pend;
	int sig = 0, err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&both);
	sigaddset(&both, SIGUSR1);
	sigaddset(&both, SIGUSR2);
	sigprocmask(SIG_BLOCK, &both, NULL);
	raise(SIGUSR1);
	raise(SIGUSR2);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	err = sigwait(&set, &sig);
	if (err)
		PTS_FAILED("sigwait() returned %d", err);
	if (sig != SIGUSR2)
		PTS_FAILED("sigwait() gave signal %d, expected SIGUSR2", sig);
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR2))
		PTS_FAILED("SIGUSR2 still pending after sigwait()");
	if (!sigismember(&pend, SIGUSR1))
		PTS_FAILED("SIGUSR1, outside the set, is no longer pending");
	if (handled)
		PTS_FAILED("the handler ran for a signal taken by sigwait()");
	PTS_PASSED("sigwait() took SIGUSR2 only and cleared it");
}
