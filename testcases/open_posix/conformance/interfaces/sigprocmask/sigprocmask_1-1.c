// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(): a blocked signal raised by the process stays pending
 * (sigpending() reports it) and its handler does not run; it is delivered
 * before sigprocmask(SIG_UNBLOCK) returns ("at least one of those signals
 * shall be delivered before the call to sigprocmask() returns"), once, and
 * is then no longer pending. The old mask returned by SIG_BLOCK is the one
 * before the call.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "posixtest.h"

static volatile sig_atomic_t calls;

static void handler(int sig)
{
	(void)sig;
	calls++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t block, old, pending, cur;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR2, &sa, NULL))
		PTS_UNRES("sigaction(SIGUSR2): %m");

	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	if (sigprocmask(SIG_UNBLOCK, &block, NULL))
		PTS_UNRES("sigprocmask(SIG_UNBLOCK): %m");
	if (sigprocmask(SIG_BLOCK, &block, &old))
		PTS_FAILED("sigprocmask(SIG_BLOCK): %m");
	if (sigismember(&old, SIGUSR2))
		PTS_FAILED("the old mask of SIG_BLOCK holds SIGUSR2, which was not blocked");
	if (sigprocmask(SIG_BLOCK, NULL, &cur) || !sigismember(&cur, SIGUSR2))
		PTS_FAILED("SIGUSR2 is not in the current mask after SIG_BLOCK");

	if (raise(SIGUSR2))
		PTS_UNRES("raise(SIGUSR2): %m");
	if (calls)
		PTS_FAILED("the handler of the blocked SIGUSR2 ran");
	if (sigpending(&pending))
		PTS_UNRES("sigpending(): %m");
	if (!sigismember(&pending, SIGUSR2))
		PTS_FAILED("the blocked SIGUSR2 is not pending");

	if (sigprocmask(SIG_UNBLOCK, &block, NULL))
		PTS_FAILED("sigprocmask(SIG_UNBLOCK): %m");
	if (calls != 1)
		PTS_FAILED("after SIG_UNBLOCK the handler ran %d times, expected once",
			   (int)calls);
	if (sigpending(&pending))
		PTS_UNRES("sigpending(): %m");
	if (sigismember(&pending, SIGUSR2))
		PTS_FAILED("SIGUSR2 is still pending after delivery");
	PTS_PASSED("blocked SIGUSR2 stayed pending, was delivered once on SIG_UNBLOCK");
}
