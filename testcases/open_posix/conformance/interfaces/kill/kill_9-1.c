// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill(): "When any stop signal (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU) is
 * generated for a process ... any pending SIGCONT signals for that
 * process shall be discarded. Conversely, when SIGCONT is generated ...
 * all pending stop signals for that process shall be discarded." With
 * SIGCONT, SIGTSTP, SIGTTIN and SIGTTOU blocked (and caught), a pending
 * SIGCONT goes when SIGTSTP is sent, and pending SIGTSTP and SIGTTIN go
 * when SIGCONT is sent; other pending signals (SIGUSR1) stay.
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

static int pending(int sig)
{
	sigset_t p;

	sigpending(&p);
	return sigismember(&p, sig);
}

int main(void)
{
	static const int sigs[] = { SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1 };
	struct sigaction sa = { .sa_handler = handler };
	pid_t me = getpid();
	sigset_t set;
	int i;

	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	for (i = 0; i < 5; i++) {
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&set, sigs[i]);
	}
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(me, SIGUSR1);
	kill(me, SIGCONT);
	if (!pending(SIGCONT))
		PTS_UNRES("blocked SIGCONT not pending");
	kill(me, SIGTSTP);
	if (pending(SIGCONT))
		PTS_FAILED("pending SIGCONT not discarded by SIGTSTP");
	if (!pending(SIGTSTP))
		PTS_FAILED("blocked SIGTSTP not pending");
	kill(me, SIGTTIN);
	kill(me, SIGCONT);
	if (pending(SIGTSTP) || pending(SIGTTIN))
		PTS_FAILED("pending stop signals not discarded by SIGCONT");
	if (!pending(SIGCONT))
		PTS_FAILED("SIGCONT not pending");
	kill(me, SIGTTOU);
	if (pending(SIGCONT))
		PTS_FAILED("pending SIGCONT not discarded by SIGTTOU");
	if (!pending(SIGUSR1))
		PTS_FAILED("SIGUSR1 discarded by stop/continue signals");
	PTS_PASSED("stop signals discard SIGCONT and SIGCONT discards stop signals");
}
