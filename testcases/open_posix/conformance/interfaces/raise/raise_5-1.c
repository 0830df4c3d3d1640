// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raise() returns 0 on success: for signal 0 (nothing sent: no handler
 * run, nothing pending), for an ignored SIGUSR2 (discarded), and for a
 * blocked SIGUSR1, which is then pending for the calling thread (SigPnd,
 * not the process's ShdPnd) and delivered once when unblocked.
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
	pid_t me = getpid();
	int r;

	pts_catch(SIGUSR1, handler, 0);
	signal(SIGUSR2, SIG_IGN);
	r = raise(0);
	if (r || ran || pts_task_mask(me, me, "SigPnd"))
		PTS_FAILED("raise(0) returned %d, %d handler runs", r, (int)ran);
	r = raise(SIGUSR2);
	if (r || pts_task_mask(me, me, "SigPnd"))
		PTS_FAILED("raise(ignored SIGUSR2) returned %d", r);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	r = raise(SIGUSR1);
	if (r || ran)
		PTS_FAILED("raise(blocked SIGUSR1) returned %d, %d runs", r, (int)ran);
	if (pts_task_mask(me, me, "SigPnd") != PTS_SIGBIT(SIGUSR1) ||
	    pts_shared_pending(me))
		PTS_FAILED("SIGUSR1 not pending for the thread alone");
	pts_mask1(SIG_UNBLOCK, SIGUSR1);
	if (ran != 1)
		PTS_FAILED("%d deliveries after unblocking", (int)ran);
	PTS_PASSED("raise() 0 for signal 0, ignored and blocked signals");
}
