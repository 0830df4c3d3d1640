// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): without SA_NODEFER the caught signal is added to the
 * thread's mask while its handler runs, together with sa_mask, and the
 * mask in force before is restored when the handler returns. A SIGUSR1
 * raised inside the handler stays pending until the handler returns
 * (then runs once more, not nested).
 */
#include "pts_helpers.h"

static volatile sig_atomic_t depth, maxdepth, calls, bad;

static void handler(int sig)
{
	sigset_t cur, pend;

	depth++;
	if (depth > maxdepth)
		maxdepth = depth;
	calls++;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	if (!sigismember(&cur, SIGUSR1) || !sigismember(&cur, SIGUSR2))
		bad = 1;
	if (calls == 1) {
		raise(sig);
		sigpending(&pend);
		if (!sigismember(&pend, SIGUSR1))
			bad = 2;
	}
	depth--;
}

int main(void)
{
	struct sigaction sa;
	sigset_t after;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	raise(SIGUSR1);
	if (bad == 1)
		PTS_FAILED("SIGUSR1 or sa_mask's SIGUSR2 not blocked in the handler");
	if (bad == 2)
		PTS_FAILED("SIGUSR1 raised in its handler was not left pending");
	if (calls != 2 || maxdepth != 1)
		PTS_FAILED("%d calls, nesting depth %d; expected 2 calls, depth 1",
			   (int)calls, (int)maxdepth);
	sigprocmask(SIG_BLOCK, NULL, &after);
	if (sigismember(&after, SIGUSR1) || sigismember(&after, SIGUSR2))
		PTS_FAILED("the mask was not restored after the handler");
	PTS_PASSED("signal and sa_mask blocked in the handler, mask restored");
}
