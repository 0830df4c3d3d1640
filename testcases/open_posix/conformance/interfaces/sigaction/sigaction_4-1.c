// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(), SA_NODEFER: the caught signal is not added to the mask on
 * entry to the handler, so the same signal raised inside the handler is
 * delivered at once, nested (the handler sees itself at depth 2).
 */
#include "pts_helpers.h"

static volatile sig_atomic_t depth, maxdepth, calls, blocked;

static void handler(int sig)
{
	sigset_t cur;

	depth++;
	if (depth > maxdepth)
		maxdepth = depth;
	calls++;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	if (sigismember(&cur, sig))
		blocked = 1;
	if (calls == 1)
		raise(sig);
	depth--;
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	raise(SIGUSR1);
	if (blocked)
		PTS_FAILED("SIGUSR1 was blocked inside its SA_NODEFER handler");
	if (calls != 2 || maxdepth != 2)
		PTS_FAILED("%d calls, max depth %d; expected 2 nested calls",
			   (int)calls, (int)maxdepth);
	PTS_PASSED("SA_NODEFER handler was re-entered by the same signal");
}
