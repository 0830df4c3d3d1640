// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigset() (XSI): when the handler returns the calling process's mask is
 * restored to its state before the delivery. With {SIGUSR2, SIGRTMIN}
 * blocked, a sigset() handler for SIGUSR1 sees SIGUSR1 added; after
 * raise() returns the mask is exactly {SIGUSR2, SIGRTMIN} again, also as
 * the kernel keeps it (SigBlk), and a second SIGUSR1 is delivered.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static volatile sig_atomic_t ran, blocked_in;

static void handler(int sig)
{
	sigset_t m;

	(void)sig;
	sigprocmask(SIG_BLOCK, NULL, &m);
	blocked_in = sigismember(&m, SIGUSR1);
	ran++;
}

int main(void)
{
	unsigned long long want, got;
	sigset_t set, m;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_SETMASK, &set, NULL);
	want = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (sigset(SIGUSR1, handler) == SIG_ERR)
		PTS_UNRES("sigset(): %s", strerror(errno));
	for (i = 1; i <= 2; i++) {
		raise(SIGUSR1);
		if (ran != i || !blocked_in)
			PTS_FAILED("raise %d: %d handler runs, SIGUSR1 blocked in it %d",
				   i, (int)ran, (int)blocked_in);
		sigprocmask(SIG_BLOCK, NULL, &m);
		got = pts_task_mask(getpid(), getpid(), "SigBlk");
		if (sigismember(&m, SIGUSR1) || !sigismember(&m, SIGUSR2) ||
		    !sigismember(&m, SIGRTMIN) || got != want)
			PTS_FAILED("mask after the handler: SigBlk %llx, before %llx",
				   got, want);
	}
	PTS_PASSED("mask restored after each handler run");
}
