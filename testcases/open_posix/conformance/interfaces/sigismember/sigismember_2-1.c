// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigismember() on a mask returned by the kernel: after blocking a
 * pattern of signals (every third from 1 to SIGRTMAX, SIGKILL and
 * SIGSTOP included in the request) the oset of a later call tested with
 * sigismember() for each signal 1..SIGRTMAX gives 1 exactly where the
 * kernel's SigBlk has the bit, and 0 for SIGKILL and SIGSTOP.
 */
#include "pts_sigkit.h"

int main(void)
{
	unsigned long long blk;
	sigset_t set, old;
	int sig, bad = 0;

	sigemptyset(&set);
	for (sig = 1; sig <= SIGRTMAX; sig += 3)
		sigaddset(&set, sig);
	sigaddset(&set, SIGKILL);
	sigaddset(&set, SIGSTOP);
	/* glibc keeps its two internal signals out of the mask itself */
	sigdelset(&set, 32);
	sigdelset(&set, 33);
	sigprocmask(SIG_SETMASK, &set, NULL);
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	sigprocmask(SIG_BLOCK, NULL, &old);
	for (sig = 1; sig <= SIGRTMAX; sig++) {
		int m = sigismember(&old, sig);

		if (sig == 32 || sig == 33)
			continue;
		if (m != !!(blk & PTS_SIGBIT(sig)) || m != (sigismember(&set, sig) &&
		    sig != SIGKILL && sig != SIGSTOP)) {
			printf("signal %d: sigismember %d, SigBlk bit %d\n", sig, m,
			       !!(blk & PTS_SIGBIT(sig)));
			bad = 1;
		}
	}
	if (bad)
		PTS_FAILED("sigismember() and the kernel's mask disagree");
	PTS_PASSED("sigismember() matches the kernel's mask for every signal");
}
