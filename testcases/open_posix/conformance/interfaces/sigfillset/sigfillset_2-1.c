// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigfillset() as a signal mask: a set filled by sigfillset() installed
 * with sigprocmask(SIG_SETMASK) blocks every signal that can be blocked:
 * the mask read back holds every standard signal but SIGKILL and SIGSTOP
 * ("it is not possible to block those signals which cannot be ignored",
 * silently) and every realtime signal. Signals raised under it are only
 * pending (SIGUSR1, SIGTERM, SIGRTMIN, SIGRTMAX: no handler runs, not
 * even for raise() to oneself), and unblocking with an empty set
 * delivers each of them once before sigprocmask() returns.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got[_NSIG];

static void handler(int sig)
{
	got[sig]++;
}

int main(void)
{
	int sigs[4] = { SIGUSR1, SIGTERM, 0, 0 };
	sigset_t full, m, pend, empty;
	int i;

	sigs[2] = SIGRTMIN;
	sigs[3] = SIGRTMAX;
	for (i = 0; i < 4; i++)
		signal(sigs[i], handler);
	sigfillset(&full);
	if (sigprocmask(SIG_SETMASK, &full, NULL))
		PTS_UNRES("sigprocmask(): %s", strerror(errno));
	sigprocmask(SIG_BLOCK, NULL, &m);
	for (i = 1; i < 32; i++) {
		int want = i != SIGKILL && i != SIGSTOP;

		if (sigismember(&m, i) != want)
			PTS_FAILED("signal %d %sblocked under a filled mask", i,
				   want ? "not " : "");
	}
	for (i = SIGRTMIN; i <= SIGRTMAX; i++)
		if (sigismember(&m, i) != 1)
			PTS_FAILED("realtime signal %d not blocked under a filled mask", i);
	for (i = 0; i < 4; i++) {
		raise(sigs[i]);
		if (got[sigs[i]])
			PTS_FAILED("handler of signal %d ran under a filled mask", sigs[i]);
	}
	sigpending(&pend);
	for (i = 0; i < 4; i++)
		if (sigismember(&pend, sigs[i]) != 1)
			PTS_FAILED("signal %d not pending", sigs[i]);
	sigemptyset(&empty);
	sigprocmask(SIG_SETMASK, &empty, NULL);
	for (i = 0; i < 4; i++)
		if (got[sigs[i]] != 1)
			PTS_FAILED("signal %d delivered %d times on unblocking, expected 1",
				   sigs[i], (int)got[sigs[i]]);
	PTS_PASSED("a filled mask blocks all but SIGKILL/SIGSTOP; pending signals delivered on unblocking");
}
