// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigdelset() returns -1 and sets errno when it fails, and a failed call
 * leaves the set as it was. On a filled set, deleting 0, -1, _NSIG, and
 * the numbers glibc reserves between SIGSYS and SIGRTMIN (32 and 33,
 * "unsupported signal numbers") fails with [EINVAL] (a library that
 * accepts the reserved ones is reported unsupported: a "may fail"); the
 * set stays byte for byte the same. As a mask (SIG_SETMASK) it then
 * blocks every signal but SIGKILL, SIGSTOP and the reserved numbers,
 * read back from the kernel (SigBlk), and sigdelset(SIGUSR2) on it
 * before a second SIG_SETMASK clears exactly that bit.
 */
#include <limits.h>

#include "pts_sigkit.h"

int main(void)
{
	int bad[] = { 0, -1, _NSIG, INT_MIN };
	unsigned long long want = 0, blk;
	sigset_t set, copy;
	unsigned int k;
	int sig, r;

	sigfillset(&set);
	copy = set;
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		PTS_EXPECT_ERRNO(sigdelset(&set, bad[k]), EINVAL,
				 "sigdelset(invalid number)");
		if (memcmp(&set, &copy, sizeof(set)))
			PTS_FAILED("the failed sigdelset(%d) changed the set", bad[k]);
	}
	for (sig = SIGSYS + 1; sig < SIGRTMIN; sig++) {
		errno = 0;
		r = sigdelset(&set, sig);
		printf("sigdelset(%d): %d %s\n", sig, r,
		       errno ? strerrorname_np(errno) : "0");
		if (r == 0)
			PTS_UNSUPP("reserved signal %d accepted: EINVAL is a may-fail",
				   sig);
		if (r != -1 || errno != EINVAL)
			PTS_FAILED("sigdelset(%d) returned %d, errno %d; expected -1, EINVAL",
				   sig, r, errno);
		if (memcmp(&set, &copy, sizeof(set)))
			PTS_FAILED("the failed sigdelset(%d) changed the set", sig);
	}
	for (sig = 1; sig <= SIGRTMAX; sig++)
		if (sig != SIGKILL && sig != SIGSTOP &&
		    (sig <= SIGSYS || sig >= SIGRTMIN))
			want |= PTS_SIGBIT(sig);
	if (sigprocmask(SIG_SETMASK, &set, NULL))
		PTS_UNRES("sigprocmask: %s", strerror(errno));
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != want)
		PTS_FAILED("SigBlk %llx, expected %llx", blk, want);
	if (sigdelset(&set, SIGUSR2))
		PTS_FAILED("sigdelset(SIGUSR2): %s", strerror(errno));
	sigprocmask(SIG_SETMASK, &set, NULL);
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != (want & ~PTS_SIGBIT(SIGUSR2)))
		PTS_FAILED("SigBlk %llx after deleting SIGUSR2", blk);
	PTS_PASSED("invalid and reserved numbers -1 EINVAL, set and mask unchanged");
}
