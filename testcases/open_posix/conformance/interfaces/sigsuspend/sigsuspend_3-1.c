// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigsuspend(): a signal already pending when sigsuspend() installs
 * sigmask, and not in it, is delivered at once: the handler runs,
 * sigsuspend() returns -1 with [EINTR] without waiting, and the mask of
 * before the call is restored (the signal blocked again). A second
 * pending signal that sigmask keeps blocked is not delivered and stays
 * pending.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran1, ran2;

static void handler(int sig)
{
	if (sig == SIGUSR1)
		ran1++;
	else
		ran2++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, wait_mask, m;
	int r, sig;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_SETMASK, &set, NULL);
	raise(SIGUSR1);
	raise(SIGUSR2);
	if (ran1 || ran2)
		PTS_UNRES("a blocked signal was delivered");

	sigemptyset(&wait_mask);
	sigaddset(&wait_mask, SIGUSR2);
	errno = 0;
	r = sigsuspend(&wait_mask);
	printf("sigsuspend() returned %d, errno %d; SIGUSR1 ran %d, SIGUSR2 ran %d\n",
	       r, errno, (int)ran1, (int)ran2);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("expected -1 with EINTR");
	if (ran1 != 1 || ran2)
		PTS_FAILED("wrong handlers ran");
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (!sigismember(&m, SIGUSR1) || !sigismember(&m, SIGUSR2))
		PTS_FAILED("the mask of before the call was not restored");
	sigpending(&m);
	if (sigismember(&m, SIGUSR1) || !sigismember(&m, SIGUSR2))
		PTS_FAILED("pending set wrong after sigsuspend()");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (sigwait(&set, &sig) || sig != SIGUSR2)
		PTS_UNRES("sigwait(SIGUSR2) failed");
	PTS_PASSED("a pending signal not in sigmask ends sigsuspend() at once");
}
