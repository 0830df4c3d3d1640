// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO: the third argument of the handler points
 * to a ucontext_t describing the context interrupted by the signal; its
 * uc_sigmask is the mask in force when the signal was delivered (the one
 * restored on return): it holds SIGUSR2 (blocked before) but not SIGUSR1
 * nor sa_mask's SIGINT, while the mask in the handler holds all three.
 */
#include <ucontext.h>
#include "pts_helpers.h"

static volatile sig_atomic_t ran, ctx[3], cur[3];

static void handler(int sig, siginfo_t *info, void *uc)
{
	ucontext_t *u = uc;
	sigset_t m;

	(void)info;
	sigprocmask(SIG_BLOCK, NULL, &m);
	ctx[0] = sigismember(&u->uc_sigmask, SIGUSR2);
	ctx[1] = sigismember(&u->uc_sigmask, sig);
	ctx[2] = sigismember(&u->uc_sigmask, SIGINT);
	cur[0] = sigismember(&m, SIGUSR2);
	cur[1] = sigismember(&m, sig);
	cur[2] = sigismember(&m, SIGINT);
	ran = 1;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_SETMASK, &set, NULL);
	if (raise(SIGUSR1) || !ran)
		PTS_UNRES("the handler did not run during raise()");
	printf("uc_sigmask: SIGUSR2 %d SIGUSR1 %d SIGINT %d; in the handler: %d %d %d\n",
	       (int)ctx[0], (int)ctx[1], (int)ctx[2], (int)cur[0], (int)cur[1],
	       (int)cur[2]);
	if (ctx[0] != 1 || ctx[1] || ctx[2])
		PTS_FAILED("uc_sigmask is not the mask of the interrupted context");
	if (cur[0] != 1 || cur[1] != 1 || cur[2] != 1)
		PTS_FAILED("the handler's mask lacks a signal");
	PTS_PASSED("uc_sigmask is the interrupted context's mask");
}
