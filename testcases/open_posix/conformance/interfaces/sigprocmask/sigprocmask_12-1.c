// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(): on failure -1, errno set, and "the process' signal mask
 * shall be unchanged". With {SIGUSR2, SIGRTMIN} blocked, how values 3,
 * -1 and 1000 with a set of SIGUSR1 and SIGRTMIN+1 fail with [EINVAL];
 * the mask read back and the kernel's SigBlk are the same as before; a
 * SIGUSR1 raised after is delivered at once.
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
	int hows[] = { 3, -1, 1000 };
	unsigned long long before, after;
	sigset_t set, add, m;
	unsigned int i;

	pts_catch(SIGUSR1, handler, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_SETMASK, &set, NULL);
	before = pts_task_mask(getpid(), getpid(), "SigBlk");
	sigemptyset(&add);
	sigaddset(&add, SIGUSR1);
	sigaddset(&add, SIGRTMIN + 1);
	for (i = 0; i < sizeof(hows) / sizeof(hows[0]); i++) {
		PTS_EXPECT_ERRNO(sigprocmask(hows[i], &add, &m), EINVAL,
				 "sigprocmask(bad how)");
		after = pts_task_mask(getpid(), getpid(), "SigBlk");
		sigprocmask(SIG_BLOCK, NULL, &m);
		if (after != before || sigismember(&m, SIGUSR1) ||
		    sigismember(&m, SIGRTMIN + 1) || !sigismember(&m, SIGUSR2))
			PTS_FAILED("how %d changed the mask: SigBlk %llx, was %llx",
				   hows[i], after, before);
	}
	raise(SIGUSR1);
	if (ran != 1)
		PTS_FAILED("SIGUSR1 not delivered after the failed calls");
	PTS_PASSED("EINVAL for bad how, mask unchanged");
}
