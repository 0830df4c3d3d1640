// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): [EINVAL] for an invalid signal number and for an attempt
 * to catch or ignore a signal that cannot be caught or ignored (SIGKILL,
 * SIGSTOP); querying them (act NULL) is allowed and reports SIG_DFL.
 * The oact of a call returns the action installed before it, with its
 * handler, flags and mask, and a failed call changes nothing.
 */
#include "pts_helpers.h"

static void h1(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h1;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGTERM);
	sa.sa_flags = SA_RESTART;
	PTS_EXPECT_ERRNO(sigaction(SIGKILL, &sa, NULL), EINVAL, "catch SIGKILL");
	PTS_EXPECT_ERRNO(sigaction(SIGSTOP, &sa, NULL), EINVAL, "catch SIGSTOP");
	sa.sa_handler = SIG_IGN;
	PTS_EXPECT_ERRNO(sigaction(SIGKILL, &sa, NULL), EINVAL, "ignore SIGKILL");
	PTS_EXPECT_ERRNO(sigaction(0, &sa, NULL), EINVAL, "signal 0");
	PTS_EXPECT_ERRNO(sigaction(_NSIG + 1, &sa, NULL), EINVAL,
			 "signal _NSIG + 1");
	if (sigaction(SIGKILL, NULL, &old) || old.sa_handler != SIG_DFL)
		PTS_FAILED("querying SIGKILL: %m or not SIG_DFL");
	sa.sa_handler = h1;
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_FAILED("sigaction(SIGUSR1): %m");
	sa.sa_handler = SIG_IGN;
	PTS_EXPECT_ERRNO(sigaction(SIGSTOP, &sa, &old), EINVAL, "ignore SIGSTOP");
	if (sigaction(SIGUSR1, &sa, &old))
		PTS_FAILED("sigaction(SIGUSR1, SIG_IGN): %m");
	if (old.sa_handler != h1 || !(old.sa_flags & SA_RESTART) ||
	    !sigismember(&old.sa_mask, SIGTERM) ||
	    sigismember(&old.sa_mask, SIGINT))
		PTS_FAILED("oact does not describe the previous action");
	if (sigaction(SIGUSR1, NULL, &old) || old.sa_handler != SIG_IGN)
		PTS_FAILED("SIG_IGN not installed");
	PTS_PASSED("EINVAL cases, oact reports the previous action");
}
