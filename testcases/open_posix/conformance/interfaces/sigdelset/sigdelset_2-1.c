// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigdelset() on a filled set used as the signal mask: the mask then
 * blocks everything but the deleted signal. A SIGUSR2 raised under it
 * is delivered (its handler has run when raise() returns) while SIGUSR1
 * raised too stays pending and undelivered; the mask read back lacks
 * exactly SIGUSR2 (and SIGKILL, SIGSTOP). Deleting SIGRTMIN + 1 too lets
 * a queued realtime signal through in the same way, its neighbours
 * SIGRTMIN and SIGRTMIN + 2 held.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got[_NSIG];

static void handler(int sig)
{
	got[sig]++;
}

int main(void)
{
	sigset_t s, m, pend;
	union sigval v = { 0 };
	int i, r1 = SIGRTMIN + 1;

	signal(SIGUSR1, handler);
	signal(SIGUSR2, handler);
	for (i = SIGRTMIN; i <= SIGRTMIN + 2; i++)
		signal(i, handler);
	sigfillset(&s);
	if (sigdelset(&s, SIGUSR2))
		PTS_FAILED("sigdelset(SIGUSR2): %s", strerror(errno));
	sigprocmask(SIG_SETMASK, &s, NULL);
	sigprocmask(SIG_BLOCK, NULL, &m);
	for (i = 1; i < 32; i++) {
		int want = i != SIGKILL && i != SIGSTOP && i != SIGUSR2;

		if (sigismember(&m, i) != want)
			PTS_FAILED("signal %d %sblocked by filled-minus-SIGUSR2", i,
				   want ? "not " : "");
	}
	raise(SIGUSR1);
	raise(SIGUSR2);
	if (got[SIGUSR2] != 1 || got[SIGUSR1])
		PTS_FAILED("SIGUSR2 delivered %d times, SIGUSR1 %d: expected 1 and 0",
			   (int)got[SIGUSR2], (int)got[SIGUSR1]);
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1) != 1 || sigismember(&pend, SIGUSR2))
		PTS_FAILED("pending set wrong: SIGUSR1 %d, SIGUSR2 %d",
			   sigismember(&pend, SIGUSR1), sigismember(&pend, SIGUSR2));
	sigdelset(&s, r1);
	sigprocmask(SIG_SETMASK, &s, NULL);
	for (i = SIGRTMIN; i <= SIGRTMIN + 2; i++) {
		sigqueue(getpid(), i, v);
		sigqueue(getpid(), i, v);
	}
	if (got[r1] != 2 || got[SIGRTMIN] || got[SIGRTMIN + 2])
		PTS_FAILED("realtime deliveries %d/%d/%d, expected 0/2/0",
			   (int)got[SIGRTMIN], (int)got[r1], (int)got[SIGRTMIN + 2]);
	sigemptyset(&s);
	sigprocmask(SIG_SETMASK, &s, NULL);
	if (got[SIGUSR1] != 1 || got[SIGRTMIN] != 2 || got[SIGRTMIN + 2] != 2)
		PTS_FAILED("held signals not delivered once unblocked");
	PTS_PASSED("only the deleted signal passes a filled mask");
}
