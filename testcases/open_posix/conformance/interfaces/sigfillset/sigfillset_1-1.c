// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigfillset(): initializes the set so that all signals defined in
 * POSIX.1-2017 are included, whatever the memory held before (zeros),
 * and returns 0: every standard signal from 1 to SIGSYS and every
 * realtime signal from SIGRTMIN to SIGRTMAX is a member (numbers
 * between the two ranges are the implementation's and not checked).
 * sigdelset() on the full set leaves all the others in.
 */
#include "pts_helpers.h"

static const int std[] = {
	SIGABRT, SIGALRM, SIGBUS, SIGCHLD, SIGCONT, SIGFPE, SIGHUP, SIGILL,
	SIGINT, SIGKILL, SIGPIPE, SIGQUIT, SIGSEGV, SIGSTOP, SIGTERM, SIGTSTP,
	SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2, SIGPOLL, SIGPROF, SIGSYS, SIGTRAP,
	SIGURG, SIGVTALRM, SIGXCPU, SIGXFSZ,
};

int main(void)
{
	unsigned int i;
	sigset_t set;
	int s;

	memset(&set, 0, sizeof(set));
	if (sigfillset(&set))
		PTS_FAILED("sigfillset() returned non-zero: %s", strerror(errno));
	for (i = 0; i < sizeof(std) / sizeof(std[0]); i++)
		if (sigismember(&set, std[i]) != 1)
			PTS_FAILED("signal %d is not in the filled set", std[i]);
	for (s = SIGRTMIN; s <= SIGRTMAX; s++)
		if (sigismember(&set, s) != 1)
			PTS_FAILED("realtime signal %d is not in the filled set", s);
	if (sigdelset(&set, SIGINT))
		PTS_UNRES("sigdelset(): %s", strerror(errno));
	for (i = 0; i < sizeof(std) / sizeof(std[0]); i++)
		if (sigismember(&set, std[i]) != (std[i] != SIGINT))
			PTS_FAILED("after removing SIGINT: signal %d membership wrong",
				   std[i]);
	printf("%zu standard and %d realtime signals in the filled set\n",
	       sizeof(std) / sizeof(std[0]), SIGRTMAX - SIGRTMIN + 1);
	PTS_PASSED("every POSIX signal in a filled set");
}
