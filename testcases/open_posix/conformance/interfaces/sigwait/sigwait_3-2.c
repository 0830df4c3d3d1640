// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): a signal that does not queue (SIGUSR1, Linux queues only
 * realtime signals) generated three times while blocked is one pending
 * instance: the first sigwait() returns it and clears it, after which
 * SIGUSR1 is no longer pending (sigpending(), and a zero-timeout
 * sigtimedwait() fails with EAGAIN).
 */
#include "pts_sigkit.h"

int main(void)
{
	struct timespec zero = { 0, 0 };
	sigset_t set, pend;
	int i, sig, e;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < 3; i++)
		kill(getpid(), SIGUSR1);
	e = sigwait(&set, &sig);
	if (e || sig != SIGUSR1)
		PTS_FAILED("sigwait() returned %d, signal %d", e, sig);
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("SIGUSR1 still pending after one sigwait()");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &zero), EAGAIN,
			 "sigtimedwait() after the only instance was taken");
	PTS_PASSED("three SIGUSR1 were one instance, cleared by one sigwait()");
}
