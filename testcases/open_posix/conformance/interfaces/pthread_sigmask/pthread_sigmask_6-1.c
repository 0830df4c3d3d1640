// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(SIG_UNBLOCK): the calling thread's new mask is the
 * intersection of its current mask and the complement of set. A second
 * thread with mask {SIGHUP, SIGUSR1, SIGUSR2} unblocks {SIGUSR1,
 * SIGRTMIN+1} (one blocked, one not): its SigBlk (the kernel's) is
 * exactly {SIGHUP, SIGUSR2}; unblocking the empty set changes nothing.
 * The main thread's mask is untouched.
 */
#include <pthread.h>

#include "pts_p20.h"

int main(void)
{
	sigset_t set = pts_p20_set(SIGUSR1, SIGRTMIN + 1, 0, 0);
	sigset_t none = pts_p20_set(0, 0, 0, 0);
	struct pts_p20_op op = { .how = SIG_UNBLOCK, .set = &set };

	op.start = pts_p20_set(SIGHUP, SIGUSR1, SIGUSR2, 0);
	op.want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGUSR2);
	pts_p20_mask_op(&op, "SIG_UNBLOCK");
	op.set = &none;
	op.want = PTS_SIGBIT(SIGHUP) | PTS_SIGBIT(SIGUSR1) | PTS_SIGBIT(SIGUSR2);
	pts_p20_mask_op(&op, "SIG_UNBLOCK of the empty set");
	PTS_PASSED("SIG_UNBLOCK: current minus set, in the calling thread only");
}
