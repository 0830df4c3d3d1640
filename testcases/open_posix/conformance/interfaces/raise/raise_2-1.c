// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raise(): returns 0 on success and non-zero (-1 with [EINVAL]) for an
 * invalid signal number (-1, _NSIG). A signal raised while blocked is
 * pending for the calling thread, no handler runs, and unblocking it
 * delivers it once. With SA_SIGINFO si_signo is the signal; POSIX lets
 * si_code be SI_USER for raise() but does not require it, so the value
 * is only printed.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran;
static volatile int code, signo;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	signo = info->si_signo;
	code = info->si_code;
	ran++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, pend;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_SETMASK, &set, NULL);

	PTS_EXPECT_ERRNO(raise(-1), EINVAL, "raise(-1)");
	PTS_EXPECT_ERRNO(raise(_NSIG), EINVAL, "raise(_NSIG)");
	if (raise(SIGUSR1))
		PTS_FAILED("raise(SIGUSR1) returned non-zero: %s", strerror(errno));
	sigpending(&pend);
	if (ran || !sigismember(&pend, SIGUSR1))
		PTS_FAILED("a blocked raised signal ran or is not pending");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	printf("after unblocking: handler ran %d, si_signo %d, si_code %d "
	       "(SI_USER %d; POSIX: may be SI_USER)\n", (int)ran, signo, code,
	       SI_USER);
	if (ran != 1 || signo != SIGUSR1)
		PTS_FAILED("the pending signal was not delivered once with its number");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("still pending after delivery");
	PTS_PASSED("raise() of a blocked signal pends, EINVAL for bad numbers");
}
