// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): the mask installed on entry to a handler is the union of
 * the current mask and sa_mask, plus the signal itself unless
 * SA_NODEFER or SA_RESETHAND is set ("if SA_RESETHAND is set, sigaction()
 * may behave as if SA_NODEFER were also set"). With SIGHUP blocked, a
 * SIGUSR1 handler with sa_mask {SIGUSR2, SIGRTMIN}:
 * - no flag: the handler's mask (the kernel's SigBlk of the thread) is
 *   exactly {SIGHUP, SIGUSR2, SIGRTMIN, SIGUSR1};
 * - SA_NODEFER: exactly {SIGHUP, SIGUSR2, SIGRTMIN};
 * - SA_RESETHAND: {SIGHUP, SIGUSR2, SIGRTMIN}, with SIGUSR1 or without
 *   it (which of the two is printed), nothing else.
 * After each handler the mask is {SIGHUP} again.
 */
#include "pts_helpers.h"
#include "pts_sigkit.h"

static volatile unsigned long long in_mask;

static void h(int sig)
{
	(void)sig;
	in_mask = pts_task_mask(getpid(), pts_gettid(), "SigBlk");
}

static unsigned long long run(int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaddset(&sa.sa_mask, SIGRTMIN);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	in_mask = 0;
	raise(SIGUSR1);
	if (!in_mask)
		PTS_UNRES("the handler did not run (flags 0x%x)", flags);
	if (pts_task_mask(getpid(), pts_gettid(), "SigBlk") != PTS_SIGBIT(SIGHUP))
		PTS_FAILED("mask not restored after the handler (flags 0x%x)", flags);
	return in_mask;
}

int main(void)
{
	unsigned long long base = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGUSR2) |
				  PTS_SIGBIT(SIGRTMIN);
	unsigned long long m;

	pts_mask1(SIG_BLOCK, SIGHUP);
	m = run(0);
	if (m != (base | PTS_SIGBIT(SIGUSR1)))
		PTS_FAILED("no flags: handler mask %llx, expected %llx", m,
			   base | PTS_SIGBIT(SIGUSR1));
	m = run(SA_NODEFER);
	if (m != base)
		PTS_FAILED("SA_NODEFER: handler mask %llx, expected %llx", m, base);
	m = run(SA_RESETHAND);
	if (m != base && m != (base | PTS_SIGBIT(SIGUSR1)))
		PTS_FAILED("SA_RESETHAND: handler mask %llx, expected %llx with or "
			   "without SIGUSR1", m, base);
	printf("INFO: SA_RESETHAND %s SIGUSR1 in the handler\n",
	       m == base ? "does not block" : "blocks");
	PTS_PASSED("handler mask = current mask + sa_mask (+ the signal unless "
		   "SA_NODEFER)");
}
