// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigrelse() (XSI): removes sig from the calling process's signal mask,
 * and nothing else. A signal held and pending is then delivered (as for
 * sigprocmask(), before the call returns: it is the only pending
 * unblocked signal). Releasing a signal not held is no error. [EINVAL]
 * for an illegal signal number. (Deprecated in glibc; warning silenced.)
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

	signal(SIGUSR1, handler);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_SETMASK, &set, NULL);
	raise(SIGUSR1);
	if (ran)
		PTS_UNRES("a blocked signal was delivered");
	if (sigrelse(SIGUSR1))
		PTS_FAILED("sigrelse(SIGUSR1): %s", strerror(errno));
	printf("handler runs when sigrelse() returned: %d\n", (int)ran);
	if (ran != 1)
		PTS_FAILED("the pending signal was not delivered before sigrelse() returned");
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (sigismember(&m, SIGUSR1) || !sigismember(&m, SIGUSR2))
		PTS_FAILED("sigrelse() did not remove exactly SIGUSR1");
	if (sigrelse(SIGUSR1) || sigrelse(SIGTERM))
		PTS_FAILED("releasing a signal not held: %s", strerror(errno));
	PTS_EXPECT_ERRNO(sigrelse(0), EINVAL, "sigrelse(0)");
	PTS_EXPECT_ERRNO(sigrelse(_NSIG), EINVAL, "sigrelse(_NSIG)");
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (!sigismember(&m, SIGUSR2))
		PTS_FAILED("a failed sigrelse() changed the mask");
	PTS_PASSED("sigrelse() removes sig and delivers it; EINVAL");
}
