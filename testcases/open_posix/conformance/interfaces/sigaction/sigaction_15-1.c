// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): with SA_NODEFER the caught signal "shall not be added to
 * the thread's signal mask on entry to the signal handler unless it is
 * included in sa_mask". With SA_NODEFER and SIGUSR1 in its own sa_mask,
 * SIGUSR1 is blocked in the handler: one raised there stays pending (no
 * nesting) and runs after the handler returns. With SA_NODEFER and an
 * empty sa_mask it is not blocked in the handler.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t depth, maxdepth, calls, blocked_in;

static void handler(int sig)
{
	sigset_t m;

	depth++;
	calls++;
	if (depth > maxdepth)
		maxdepth = depth;
	sigprocmask(SIG_BLOCK, NULL, &m);
	blocked_in = sigismember(&m, sig);
	if (calls == 1)
		raise(sig);
	depth--;
}

static void run(int with_mask)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (with_mask)
		sigaddset(&sa.sa_mask, SIGUSR1);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	depth = maxdepth = calls = 0;
	blocked_in = -1;
	if (raise(SIGUSR1))
		PTS_UNRES("raise(): %s", strerror(errno));
	printf("SA_NODEFER, SIGUSR1 %sin sa_mask: %d calls, nesting %d, "
	       "blocked in the handler %d\n", with_mask ? "" : "not ",
	       (int)calls, (int)maxdepth, (int)blocked_in);
	if (calls != 2)
		PTS_FAILED("the raised signal ran %d times in all", (int)calls);
}

int main(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	run(1);
	if (maxdepth != 1 || blocked_in != 1)
		PTS_FAILED("the signal in sa_mask was not blocked in the handler");
	run(0);
	if (maxdepth != 2 || blocked_in != 0)
		PTS_FAILED("SA_NODEFER without sa_mask: the signal was blocked");
	PTS_PASSED("SA_NODEFER does not unblock a signal listed in sa_mask");
}
