// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(SIG_BLOCK): the result is the union of the current mask
 * and set. From {SIGUSR1, SIGRTMIN}, blocking {SIGRTMIN, SIGRTMAX,
 * SIGKILL, SIGHUP}: SigBlk is exactly {SIGHUP, SIGUSR1, SIGRTMIN,
 * SIGRTMAX} (SIGKILL silently left out), and oset the old two.
 */
#include "pts_sigkit.h"

int main(void)
{
	unsigned long long want, blk;
	sigset_t cur, add, o;

	sigemptyset(&cur);
	sigaddset(&cur, SIGUSR1);
	sigaddset(&cur, SIGRTMIN);
	sigprocmask(SIG_SETMASK, &cur, NULL);
	sigemptyset(&add);
	sigaddset(&add, SIGRTMIN);
	sigaddset(&add, SIGRTMAX);
	sigaddset(&add, SIGKILL);
	sigaddset(&add, SIGHUP);
	if (sigprocmask(SIG_BLOCK, &add, &o))
		PTS_FAILED("sigprocmask(): %s", strerror(errno));
	want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGUSR1) | PTS_SIGBIT(SIGRTMIN) |
	       PTS_SIGBIT(SIGRTMAX);
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != want)
		PTS_FAILED("SigBlk %llx, expected %llx", blk, want);
	if (!sigismember(&o, SIGUSR1) || !sigismember(&o, SIGRTMIN) ||
	    sigismember(&o, SIGHUP) || sigismember(&o, SIGRTMAX))
		PTS_FAILED("oset is not the previous mask");
	PTS_PASSED("SIG_BLOCK: the union, SIGKILL left out");
}
