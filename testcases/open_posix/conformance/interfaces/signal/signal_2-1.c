// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signal(): with func SIG_IGN the signal is ignored: raise() and kill()
 * of SIGUSR1 and SIGTERM to a process ignoring them neither terminate it
 * nor leave the signal pending (sigpending() stays empty, also with the
 * signal blocked, since ignoring discards it at generation, here checked
 * unblocked only); a signal pending while blocked is discarded when
 * SIG_IGN is set. signal() returns the previous disposition (SIG_DFL,
 * then SIG_IGN).
 */
#include "pts_helpers.h"

int main(void)
{
	sigset_t set, pend;

	if (signal(SIGUSR1, SIG_IGN) != SIG_DFL)
		PTS_FAILED("first signal(SIGUSR1, SIG_IGN) did not return SIG_DFL");
	if (signal(SIGUSR1, SIG_IGN) != SIG_IGN)
		PTS_FAILED("second signal(SIGUSR1, SIG_IGN) did not return SIG_IGN");
	signal(SIGTERM, SIG_IGN);
	if (raise(SIGUSR1) || kill(getpid(), SIGTERM))
		PTS_UNRES("raise()/kill(): %m");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1) || sigismember(&pend, SIGTERM))
		PTS_FAILED("an ignored signal is pending");

	/* pending while blocked (and caught), then set to SIG_IGN */
	signal(SIGUSR2, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR2);
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR2))
		PTS_UNRES("blocked SIGUSR2 not pending");
	if (signal(SIGUSR2, SIG_IGN) != SIG_DFL)
		PTS_FAILED("signal(SIGUSR2, SIG_IGN) did not return SIG_DFL");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR2))
		PTS_FAILED("pending SIGUSR2 not discarded by SIG_IGN");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	PTS_PASSED("SIG_IGN: raised and sent signals ignored, a pending one discarded");
}
