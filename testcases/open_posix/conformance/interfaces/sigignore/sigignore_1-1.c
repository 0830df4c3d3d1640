// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigignore() (XSI): sets the disposition of sig to SIG_IGN, read back
 * with sigaction(); as for any setting of SIG_IGN, a pending instance of
 * the signal (here blocked, caught before) is discarded. [EINVAL] for an
 * illegal signal number and for SIGKILL and SIGSTOP, which cannot be
 * ignored; their disposition stays SIG_DFL. (Deprecated in glibc;
 * warning silenced.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, pend;

	signal(SIGUSR1, handler);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_SETMASK, &set, NULL);
	raise(SIGUSR1);
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR1))
		PTS_UNRES("SIGUSR1 not pending while blocked");
	if (sigignore(SIGUSR1))
		PTS_FAILED("sigignore(SIGUSR1): %s", strerror(errno));
	if (sigaction(SIGUSR1, NULL, &sa) || sa.sa_handler != SIG_IGN)
		PTS_FAILED("the disposition is not SIG_IGN");
	sigpending(&pend);
	printf("SIGUSR1 pending after sigignore(): %d\n",
	       sigismember(&pend, SIGUSR1));
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("the pending SIGUSR1 was not discarded");
	PTS_EXPECT_ERRNO(sigignore(SIGKILL), EINVAL, "sigignore(SIGKILL)");
	PTS_EXPECT_ERRNO(sigignore(SIGSTOP), EINVAL, "sigignore(SIGSTOP)");
	PTS_EXPECT_ERRNO(sigignore(0), EINVAL, "sigignore(0)");
	PTS_EXPECT_ERRNO(sigignore(_NSIG), EINVAL, "sigignore(_NSIG)");
	if (sigaction(SIGKILL, NULL, &sa) || sa.sa_handler != SIG_DFL ||
	    sigaction(SIGSTOP, NULL, &sa) || sa.sa_handler != SIG_DFL)
		PTS_FAILED("SIGKILL or SIGSTOP no longer SIG_DFL");
	PTS_PASSED("sigignore() sets SIG_IGN and discards; EINVAL");
}
