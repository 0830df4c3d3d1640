// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigset() (XSI): with disp SIG_DFL the default action is taken when the
 * signal occurs. A child catches SIGUSR1 with sigset(), then sets
 * SIG_DFL (the handler is returned) and raises SIGUSR1: it is reaped as
 * killed by SIGUSR1, the handler never run. (Deprecated in glibc.)
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static void handler(int sig)
{
	(void)sig;
	_exit(5);
}

static int child(void)
{
	if (sigset(SIGUSR1, handler) == SIG_ERR)
		return PTS_UNRESOLVED;
	if (sigset(SIGUSR1, SIG_DFL) != handler) {
		printf("sigset(SIG_DFL) did not return the handler\n");
		return PTS_FAIL;
	}
	raise(SIGUSR1);
	return 4;
}

int main(void)
{
	pts_expect_killed(pts_fork_fn(child), SIGUSR1,
			  "a child raising SIGUSR1 after sigset(SIG_DFL)");
	PTS_PASSED("SIG_DFL: SIGUSR1 took its default action");
}
