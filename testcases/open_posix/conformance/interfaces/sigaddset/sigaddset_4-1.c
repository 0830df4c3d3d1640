// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaddset() returns -1 and sets errno when it fails, and a failed call
 * leaves the set as it was. The numbers below SIGRTMIN that are not
 * signals of their own (32 and 33 in glibc, which keeps them for thread
 * cancellation and set*id() broadcasts) are "unsupported signal
 * numbers": glibc refuses them with [EINVAL] (a C library that accepts
 * them is reported unsupported, the error is a "may fail"). Every other
 * number from 1 to SIGRTMAX is added with 0. The set, holding SIGUSR1
 * when the refused calls are made, is byte for byte unchanged, and given
 * to sigprocmask() the kernel blocks exactly SIGUSR1 (SigBlk read back).
 */
#include "pts_sigkit.h"

int main(void)
{
	sigset_t set, copy;
	unsigned long long blk;
	int sig, r;

	for (sig = 1; sig <= SIGRTMAX; sig++) {
		if (sig > SIGSYS && sig < SIGRTMIN)
			continue;
		sigemptyset(&set);
		r = sigaddset(&set, sig);
		if (r != 0 || sigismember(&set, sig) != 1)
			PTS_FAILED("sigaddset(%d) returned %d, member %d", sig, r,
				   sigismember(&set, sig));
	}
	if (SIGRTMIN <= SIGSYS + 1)
		PTS_UNSUPP("no reserved numbers between SIGSYS and SIGRTMIN %d",
			   SIGRTMIN);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	copy = set;
	for (sig = SIGSYS + 1; sig < SIGRTMIN; sig++) {
		errno = 0;
		r = sigaddset(&set, sig);
		printf("sigaddset(%d): %d %s\n", sig, r,
		       errno ? strerrorname_np(errno) : "0");
		if (r == 0)
			PTS_UNSUPP("reserved signal %d accepted: EINVAL is a may-fail",
				   sig);
		if (r != -1 || errno != EINVAL)
			PTS_FAILED("sigaddset(%d) returned %d, errno %d; expected -1, EINVAL",
				   sig, r, errno);
		if (memcmp(&set, &copy, sizeof(set)))
			PTS_FAILED("the failed sigaddset(%d) changed the set", sig);
	}
	if (sigprocmask(SIG_SETMASK, &set, NULL))
		PTS_UNRES("sigprocmask: %s", strerror(errno));
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != PTS_SIGBIT(SIGUSR1))
		PTS_FAILED("SigBlk %llx, expected only SIGUSR1 %llx", blk,
			   PTS_SIGBIT(SIGUSR1));
	PTS_PASSED("1..SIGRTMAX added; reserved numbers -1 EINVAL, set unchanged");
}
