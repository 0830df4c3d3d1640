// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigset() (XSI): "If disp is not equal to SIG_HOLD, sig shall be
 * removed from the signal mask", and setting a disposition of SIG_IGN
 * discards a pending instance of the signal. SIGUSR1 is held with
 * sigset(SIG_HOLD) over a handler and raised (pending, not delivered);
 * sigset(SIGUSR1, SIG_IGN) returns SIG_HOLD (the signal was blocked),
 * unblocks it and discards the pending signal (never delivered, not
 * pending). A held, pending SIGUSR2 is instead delivered to the handler
 * sigset() installs, before sigset() returns; sigset(SIGUSR2, SIG_DFL)
 * then returns that handler. (Deprecated in glibc; warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static volatile sig_atomic_t got[_NSIG];

static void handler(int sig)
{
	got[sig]++;
}

int main(void)
{
	sigset_t m, pend;
	void (*r)(int);

	if (sigset(SIGUSR1, handler) == SIG_ERR)
		PTS_UNRES("sigset(): %s", strerror(errno));
	if (sigset(SIGUSR1, SIG_HOLD) == SIG_ERR)
		PTS_UNRES("sigset(SIG_HOLD): %s", strerror(errno));
	raise(SIGUSR1);
	sigpending(&pend);
	if (got[SIGUSR1] || sigismember(&pend, SIGUSR1) != 1)
		PTS_FAILED("held SIGUSR1 delivered or not pending");
	r = sigset(SIGUSR1, SIG_IGN);
	if (r != SIG_HOLD)
		PTS_FAILED("sigset(SIGUSR1, SIG_IGN) on a held signal returned %p, expected SIG_HOLD",
			   (void *)r);
	sigprocmask(SIG_BLOCK, NULL, &m);
	sigpending(&pend);
	if (sigismember(&m, SIGUSR1))
		PTS_FAILED("SIGUSR1 still blocked after sigset(SIG_IGN)");
	if (sigismember(&pend, SIGUSR1) || got[SIGUSR1])
		PTS_FAILED("the pending SIGUSR1 was not discarded by SIG_IGN (pending %d, delivered %d)",
			   sigismember(&pend, SIGUSR1), (int)got[SIGUSR1]);

	/* SIGUSR2 held with its default action (terminate) */
	if (sigset(SIGUSR2, SIG_HOLD) != SIG_DFL)
		PTS_FAILED("sigset(SIGUSR2, SIG_HOLD) did not return SIG_DFL");
	raise(SIGUSR2);
	r = sigset(SIGUSR2, handler);
	if (r != SIG_HOLD)
		PTS_FAILED("sigset(SIGUSR2, handler) on a held signal returned %p, expected SIG_HOLD",
			   (void *)r);
	if (got[SIGUSR2] != 1)
		PTS_FAILED("the pending SIGUSR2 reached the new handler %d times before sigset() returned, expected 1",
			   (int)got[SIGUSR2]);
	r = sigset(SIGUSR2, SIG_DFL);
	if (r != handler)
		PTS_FAILED("sigset(SIGUSR2, SIG_DFL) returned %p, expected the handler",
			   (void *)r);
	PTS_PASSED("SIG_IGN discards a held pending signal and unblocks it; a new handler gets it");
}
