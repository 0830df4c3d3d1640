// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(SIG_BLOCK): the calling thread's new mask is the union
 * of its current mask and set. A second thread with mask {SIGHUP,
 * SIGUSR1} blocks {SIGUSR1, SIGUSR2, SIGRTMIN+1}: its SigBlk (read from
 * /proc, as the kernel keeps it) is exactly those four signals; the
 * main thread's mask is untouched. Blocking the empty set changes
 * nothing.
 */
#include <pthread.h>

#include "pts_p20.h"

int main(void)
{
	sigset_t set = pts_p20_set(SIGUSR1, SIGUSR2, SIGRTMIN + 1, 0);
	sigset_t none = pts_p20_set(0, 0, 0, 0);
	struct pts_p20_op op = { .how = SIG_BLOCK, .set = &set };

	op.start = pts_p20_set(SIGHUP, SIGUSR1, 0, 0);
	op.want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGUSR1) |
		  PTS_SIGBIT(SIGUSR2) | PTS_SIGBIT(SIGRTMIN + 1);
	pts_p20_mask_op(&op, "SIG_BLOCK");
	op.set = &none;
	op.want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGUSR1);
	pts_p20_mask_op(&op, "SIG_BLOCK of the empty set");
	PTS_PASSED("SIG_BLOCK: the union, in the calling thread only");
}
