// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigpending(): stores the signals that are blocked from delivery and
 * pending for the thread or the process. SIGUSR1 sent to the process and
 * SIGUSR2 sent to the thread (pthread_kill) while blocked are both
 * reported; after SIGUSR1 is ignored (SIG_IGN) it is discarded and no
 * longer reported; after unblocking nothing is pending.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, pend;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1) || sigismember(&pend, SIGUSR2))
		PTS_UNRES("signals pending before the test");
	kill(getpid(), SIGUSR1);
	pthread_kill(pthread_self(), SIGUSR2);
	if (sigpending(&pend))
		PTS_FAILED("sigpending(): %m");
	if (!sigismember(&pend, SIGUSR1) || !sigismember(&pend, SIGUSR2))
		PTS_FAILED("a blocked process or thread signal is not reported");
	if (sigismember(&pend, SIGTERM))
		PTS_FAILED("SIGTERM reported pending");
	signal(SIGUSR1, SIG_IGN);
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("SIGUSR1 still pending after SIG_IGN");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR2))
		PTS_FAILED("SIGUSR2 still pending after unblocking");
	PTS_PASSED("pending signals reported, discarded on SIG_IGN");
}
