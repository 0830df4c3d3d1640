// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(SIG_UNBLOCK): the result is the current mask minus set.
 * From {SIGHUP, SIGUSR1, SIGRTMIN, SIGRTMAX}, unblocking {SIGUSR1,
 * SIGRTMAX, SIGTERM} (SIGTERM not blocked): SigBlk is exactly {SIGHUP,
 * SIGRTMIN}; a SIGUSR1 pending before is delivered by the call.
 */
#include "pts_sigkit.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

int main(void)
{
	unsigned long long want, blk;
	sigset_t cur, un;

	pts_catch(SIGUSR1, handler, 0);
	sigemptyset(&cur);
	sigaddset(&cur, SIGHUP);
	sigaddset(&cur, SIGUSR1);
	sigaddset(&cur, SIGRTMIN);
	sigaddset(&cur, SIGRTMAX);
	sigprocmask(SIG_SETMASK, &cur, NULL);
	raise(SIGUSR1);
	sigemptyset(&un);
	sigaddset(&un, SIGUSR1);
	sigaddset(&un, SIGRTMAX);
	sigaddset(&un, SIGTERM);
	if (sigprocmask(SIG_UNBLOCK, &un, NULL))
		PTS_FAILED("sigprocmask(): %s", strerror(errno));
	want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGRTMIN);
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != want)
		PTS_FAILED("SigBlk %llx, expected %llx", blk, want);
	if (ran != 1)
		PTS_FAILED("the pending SIGUSR1 ran %d times", (int)ran);
	PTS_PASSED("SIG_UNBLOCK: the mask minus the set");
}
