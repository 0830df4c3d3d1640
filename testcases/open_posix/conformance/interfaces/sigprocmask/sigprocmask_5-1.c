// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(SIG_SETMASK): the resulting mask is exactly set. From
 * {SIGUSR1, SIGUSR2} to {SIGHUP, SIGRTMIN+5, SIGRTMAX}: 0, the kernel's
 * SigBlk holds exactly the three new bits, and oset the old two.
 */
#include "pts_sigkit.h"

int main(void)
{
	unsigned long long want, blk;
	sigset_t a, b, o;

	sigemptyset(&a);
	sigaddset(&a, SIGUSR1);
	sigaddset(&a, SIGUSR2);
	sigprocmask(SIG_SETMASK, &a, NULL);
	sigemptyset(&b);
	sigaddset(&b, SIGHUP);
	sigaddset(&b, SIGRTMIN + 5);
	sigaddset(&b, SIGRTMAX);
	if (sigprocmask(SIG_SETMASK, &b, &o))
		PTS_FAILED("sigprocmask(): %s", strerror(errno));
	want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGRTMIN + 5) | PTS_SIGBIT(SIGRTMAX);
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != want)
		PTS_FAILED("SigBlk %llx, expected %llx", blk, want);
	if (!sigismember(&o, SIGUSR1) || !sigismember(&o, SIGUSR2) ||
	    sigismember(&o, SIGHUP))
		PTS_FAILED("oset is not the previous mask");
	PTS_PASSED("SIG_SETMASK: the mask is exactly the set");
}
