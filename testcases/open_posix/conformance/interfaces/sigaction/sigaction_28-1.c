// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): an action established by signal() can be fetched into
 * oact and later reinstalled by passing that oact as act, with the same
 * effect as the original. A handler set by signal() for SIGUSR1 is read
 * into oact, SIGUSR1 is reset to SIG_DFL, and sigaction(SIGUSR1, &oact)
 * brings it back: the handler runs once per raise() and the action read
 * back has the same handler, flags and mask. Likewise a SIG_IGN set by
 * signal() for SIGUSR2 survives the round trip over a handler: raised
 * twice it neither terminates the process (its default action) nor runs
 * the handler that was in place meanwhile.
 */
#include "pts_helpers.h"

static volatile int hits1, hits2;

static void h1(int sig)
{
	(void)sig;
	hits1++;
}

static void h2(int sig)
{
	(void)sig;
	hits2++;
}

static void same(const struct sigaction *x, const struct sigaction *y,
		 const char *what)
{
	int s;

	if (x->sa_handler != y->sa_handler || x->sa_flags != y->sa_flags)
		PTS_FAILED("%s: action read back differs (flags 0x%x vs 0x%x)", what,
			   x->sa_flags, y->sa_flags);
	for (s = 1; s <= SIGRTMAX; s++)
		if (sigismember(&x->sa_mask, s) != sigismember(&y->sa_mask, s))
			PTS_FAILED("%s: sa_mask differs at signal %d", what, s);
}

int main(void)
{
	struct sigaction o1, o2, now, sa;

	if (signal(SIGUSR1, h1) == SIG_ERR || signal(SIGUSR2, SIG_IGN) == SIG_ERR)
		PTS_UNRES("signal(): %m");
	if (sigaction(SIGUSR1, NULL, &o1) || sigaction(SIGUSR2, NULL, &o2))
		PTS_UNRES("sigaction(query): %m");
	if (o1.sa_handler != h1 || o2.sa_handler != SIG_IGN)
		PTS_FAILED("oact does not hold what signal() set");

	signal(SIGUSR1, SIG_DFL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h2;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);

	if (sigaction(SIGUSR1, &o1, NULL) || sigaction(SIGUSR2, &o2, NULL))
		PTS_FAILED("reinstalling the fetched actions: %m");
	sigaction(SIGUSR1, NULL, &now);
	same(&now, &o1, "SIGUSR1");
	sigaction(SIGUSR2, NULL, &now);
	same(&now, &o2, "SIGUSR2");

	raise(SIGUSR1);
	raise(SIGUSR1);
	if (hits1 != 2)
		PTS_FAILED("reinstalled handler ran %d times for 2 raises", hits1);

	/* SIG_DFL would terminate the process, the intermediate handler count */
	raise(SIGUSR2);
	raise(SIGUSR2);
	if (hits2)
		PTS_FAILED("the intermediate handler ran for SIGUSR2");
	PTS_PASSED("signal()'s handler and SIG_IGN survive oact -> act");
}
