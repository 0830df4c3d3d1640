// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(SIG_SETMASK): the calling thread's new mask is set
 * itself, whatever it was: a second thread with mask {SIGHUP, SIGUSR1}
 * sets {SIGUSR2, SIGRTMIN+1} and its SigBlk (the kernel's) is exactly
 * those two; setting the empty set leaves nothing blocked; a full set
 * blocks every signal but SIGKILL and SIGSTOP (which cannot be blocked)
 * and the C library's reserved ones it keeps for itself. The main
 * thread's mask is untouched.
 */
#include <pthread.h>

#include "pts_p20.h"

int main(void)
{
	sigset_t set = pts_p20_set(SIGUSR2, SIGRTMIN + 1, 0, 0);
	sigset_t none = pts_p20_set(0, 0, 0, 0), all;
	struct pts_p20_op op = { .how = SIG_SETMASK, .set = &set };
	unsigned long long full = 0;
	int i;

	op.start = pts_p20_set(SIGHUP, SIGUSR1, 0, 0);
	op.want = PTS_SIGBIT(SIGUSR2) | PTS_SIGBIT(SIGRTMIN + 1);
	pts_p20_mask_op(&op, "SIG_SETMASK");
	op.set = &none;
	op.want = 0;
	pts_p20_mask_op(&op, "SIG_SETMASK of the empty set");
	sigfillset(&all);
	/* what the library lets the application block: SIGRTMIN..SIGRTMAX and 1..31 */
	for (i = 1; i <= SIGRTMAX; i++)
		if (i != SIGKILL && i != SIGSTOP && (i < 32 || i >= SIGRTMIN))
			full |= PTS_SIGBIT(i);
	op.set = &all;
	op.want = full;
	pts_p20_mask_op(&op, "SIG_SETMASK of a full set");
	PTS_PASSED("SIG_SETMASK: exactly the set (SIGKILL, SIGSTOP never), in the calling thread only");
}
