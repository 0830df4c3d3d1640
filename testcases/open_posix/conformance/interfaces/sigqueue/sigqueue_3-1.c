// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A non-realtime signal does not queue: SIGUSR1 sent twice with sigqueue()
 * while blocked is pending once and delivered once after it is unblocked,
 * whereas SIGRTMIN sent twice the same way is delivered twice.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "posixtest.h"

static volatile sig_atomic_t usr1, rtmin;

static void handler(int sig)
{
	if (sig == SIGUSR1)
		usr1++;
	else
		rtmin++;
}

int main(void)
{
	union sigval v = { .sival_int = 0 };
	struct sigaction sa;
	sigset_t block;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGRTMIN, &sa, NULL))
		PTS_UNRES("sigaction(): %m");

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &block, NULL))
		PTS_UNRES("sigprocmask(SIG_BLOCK): %m");
	for (i = 0; i < 2; i++) {
		if (sigqueue(getpid(), SIGUSR1, v) || sigqueue(getpid(), SIGRTMIN, v))
			PTS_UNRES("sigqueue(): %m");
	}
	if (sigprocmask(SIG_UNBLOCK, &block, NULL))
		PTS_UNRES("sigprocmask(SIG_UNBLOCK): %m");

	if (usr1 != 1)
		PTS_FAILED("SIGUSR1 queued twice while blocked was delivered %d times, expected once",
			   (int)usr1);
	if (rtmin != 2)
		PTS_FAILED("SIGRTMIN queued twice while blocked was delivered %d times, expected twice",
			   (int)rtmin);
	PTS_PASSED("SIGUSR1 delivered once, SIGRTMIN twice");
}
