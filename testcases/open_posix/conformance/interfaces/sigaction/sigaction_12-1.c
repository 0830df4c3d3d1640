// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): "Setting a signal action to SIG_DFL for a signal that is
 * pending, and whose default action is to ignore the signal (for
 * example, SIGCHLD), shall cause the pending signal to be discarded,
 * whether or not it is blocked." SIGCHLD, SIGURG and SIGWINCH (default:
 * ignore), caught and blocked, are raised and pending; after SIG_DFL
 * none is pending. SIGUSR1, whose default is to terminate, stays
 * pending when set to SIG_DFL.
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

static const int ign[] = { SIGCHLD, SIGURG, SIGWINCH };

int main(void)
{
	struct sigaction sa;
	sigset_t set, pend;
	unsigned int i;
	int sig;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigfillset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	for (i = 0; i < 3; i++) {
		if (sigaction(ign[i], &sa, NULL) || raise(ign[i]))
			PTS_UNRES("sigaction/raise(%d): %s", ign[i], strerror(errno));
	}
	if (sigaction(SIGUSR1, &sa, NULL) || raise(SIGUSR1))
		PTS_UNRES("sigaction/raise(SIGUSR1): %s", strerror(errno));
	sigpending(&pend);
	for (i = 0; i < 3; i++)
		if (sigismember(&pend, ign[i]) != 1)
			PTS_UNRES("signal %d not pending while caught and blocked",
				  ign[i]);

	sa.sa_handler = SIG_DFL;
	for (i = 0; i < 3; i++)
		if (sigaction(ign[i], &sa, NULL))
			PTS_UNRES("sigaction(%d, SIG_DFL): %s", ign[i], strerror(errno));
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(SIGUSR1, SIG_DFL): %s", strerror(errno));
	sigpending(&pend);
	for (i = 0; i < 3; i++) {
		printf("signal %d pending after SIG_DFL: %d\n", ign[i],
		       sigismember(&pend, ign[i]));
		if (sigismember(&pend, ign[i]))
			PTS_FAILED("pending signal %d not discarded by SIG_DFL",
				   ign[i]);
	}
	if (!sigismember(&pend, SIGUSR1))
		PTS_FAILED("SIGUSR1 (default: terminate) was discarded by SIG_DFL");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigwait(&set, &sig) || sig != SIGUSR1)
		PTS_UNRES("sigwait() did not take SIGUSR1");
	PTS_PASSED("SIG_DFL discards pending default-ignore signals only");
}
