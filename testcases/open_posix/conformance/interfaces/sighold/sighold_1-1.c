// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sighold() (XSI): adds sig to the calling process's signal mask, and
 * nothing else, returning 0; a signal raised while held stays pending
 * and its handler does not run. [EINVAL] for an illegal signal number
 * (0, -1, _NSIG), the mask unchanged. (The interface is obsolescent and
 * glibc marks it deprecated; the warning is silenced here only.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

int main(void)
{
	sigset_t set, m;
	int i, sig;

	signal(SIGUSR1, handler);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigprocmask(SIG_SETMASK, &set, NULL);
	if (sighold(SIGUSR1))
		PTS_FAILED("sighold(SIGUSR1): %s", strerror(errno));
	sigprocmask(SIG_BLOCK, NULL, &m);
	for (i = 1; i < _NSIG; i++) {
		int want = i == SIGUSR1 || i == SIGINT;

		if (sigismember(&m, i) == 1 && !want)
			PTS_FAILED("signal %d blocked by sighold(SIGUSR1)", i);
		if (sigismember(&m, i) != 1 && want)
			PTS_FAILED("signal %d not blocked after sighold()", i);
	}
	raise(SIGUSR1);
	sigpending(&m);
	if (ran || !sigismember(&m, SIGUSR1))
		PTS_FAILED("a held SIGUSR1 was delivered or not pending");
	PTS_EXPECT_ERRNO(sighold(0), EINVAL, "sighold(0)");
	PTS_EXPECT_ERRNO(sighold(-1), EINVAL, "sighold(-1)");
	PTS_EXPECT_ERRNO(sighold(_NSIG), EINVAL, "sighold(_NSIG)");
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (sigismember(&m, SIGUSR2) || !sigismember(&m, SIGUSR1))
		PTS_FAILED("a failed sighold() changed the mask");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigwait(&set, &sig) || sig != SIGUSR1)
		PTS_UNRES("sigwait() failed");
	PTS_PASSED("sighold() adds exactly sig to the mask; EINVAL");
}
