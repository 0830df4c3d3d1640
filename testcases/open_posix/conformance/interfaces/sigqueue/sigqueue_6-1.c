// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): [EPERM] "The process does not have appropriate privileges
 * to send the signal to the receiving process": an unprivileged process
 * (nobody) queueing a signal, or signal 0, to a root-owned process (its
 * parent, still root) gets EPERM, and no signal arrives.
 */
#include "pts_helpers.h"

static pid_t parent;

static int child(void)
{
	union sigval v = { 1 };

	PTS_EXPECT_ERRNO(sigqueue(parent, SIGUSR1, v), EPERM,
			 "sigqueue(root process) as nobody");
	PTS_EXPECT_ERRNO(sigqueue(parent, 0, v), EPERM,
			 "sigqueue(root process, 0) as nobody");
	return PTS_PASS;
}

int main(void)
{
	sigset_t set, pend;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	parent = getpid();
	pts_run_as_nobody(child, "unprivileged sender");
	sigpending(&pend);
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("the refused signal is pending");
	PTS_PASSED("EPERM for an unprivileged sender, nothing queued");
}
