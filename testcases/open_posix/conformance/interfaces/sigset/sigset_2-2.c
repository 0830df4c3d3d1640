// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigset() (XSI): with disp SIG_IGN the signal is ignored. SIGUSR1 and
 * SIGRTMIN (caught before, sigset() returns that handler) set to
 * SIG_IGN, unblocked: raised, sent by kill() and queued by a child
 * three times, none runs the handler, kills or stays pending
 * (sigpending(), ShdPnd and SigPnd read back); the disposition reads
 * SIG_IGN from sigaction().
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static int child(void)
{
	union sigval v = { .sival_int = 3 };
	int i;

	for (i = 0; i < 3; i++) {
		if (sigqueue(getppid(), SIGUSR1, v) ||
		    sigqueue(getppid(), SIGRTMIN, v))
			return PTS_UNRESOLVED;
	}
	return PTS_PASS;
}

int main(void)
{
	int sigs[2] = { SIGUSR1, SIGRTMIN };
	struct sigaction sa;
	sigset_t pend;
	int i;

	for (i = 0; i < 2; i++) {
		signal(sigs[i], handler);
		if (sigset(sigs[i], SIG_IGN) != handler)
			PTS_FAILED("sigset(%d, SIG_IGN) did not return the handler", sigs[i]);
		sigaction(sigs[i], NULL, &sa);
		if (sa.sa_handler != SIG_IGN)
			PTS_FAILED("disposition of %d not SIG_IGN", sigs[i]);
		raise(sigs[i]);
		kill(getpid(), sigs[i]);
	}
	pts_reap(pts_fork_fn(child), "the sender");
	sigpending(&pend);
	for (i = 0; i < 2; i++) {
		if (sigismember(&pend, sigs[i]))
			PTS_FAILED("signal %d pending though ignored", sigs[i]);
	}
	if (pts_task_mask(getpid(), getpid(), "SigPnd") ||
	    pts_shared_pending(getpid()))
		PTS_FAILED("the kernel holds a pending signal");
	if (ran)
		PTS_FAILED("the handler ran %d times", (int)ran);
	PTS_PASSED("SIG_IGN: raised, sent and queued signals discarded");
}
