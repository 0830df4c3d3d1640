// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): while a handler runs, the thread's mask is the mask in
 * force at delivery plus sa_mask plus the signal itself (a signal blocked
 * before delivery stays blocked). When the handler returns normally the
 * mask in force before delivery is restored: changes the handler made
 * to its own mask with sigprocmask() (blocking SIGTERM, unblocking the
 * previously blocked SIGUSR2) are undone.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t ran, bad;

static void handler(int sig)
{
	sigset_t m;

	(void)sig;
	sigprocmask(SIG_BLOCK, NULL, &m);
	if (!sigismember(&m, SIGUSR1) || !sigismember(&m, SIGUSR2) ||
	    !sigismember(&m, SIGINT) || sigismember(&m, SIGTERM))
		bad = 1;
	sigemptyset(&m);
	sigaddset(&m, SIGTERM);
	sigprocmask(SIG_BLOCK, &m, NULL);
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	sigprocmask(SIG_UNBLOCK, &m, NULL);
	ran = 1;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, m;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_SETMASK, &set, NULL);

	if (raise(SIGUSR1) || !ran)
		PTS_UNRES("the handler did not run during raise()");
	if (bad)
		PTS_FAILED("in the handler the mask was not old mask + sa_mask + signal");
	sigprocmask(SIG_BLOCK, NULL, &m);
	printf("after the handler: SIGUSR2 %d SIGTERM %d SIGUSR1 %d SIGINT %d\n",
	       sigismember(&m, SIGUSR2), sigismember(&m, SIGTERM),
	       sigismember(&m, SIGUSR1), sigismember(&m, SIGINT));
	if (!sigismember(&m, SIGUSR2) || sigismember(&m, SIGTERM) ||
	    sigismember(&m, SIGUSR1) || sigismember(&m, SIGINT))
		PTS_FAILED("the mask of before delivery was not restored");
	PTS_PASSED("mask during the handler, restored on return despite its changes");
}
