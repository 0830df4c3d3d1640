// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait(): with no signal of set pending the thread is suspended until
 * one becomes pending. The caller is seen asleep in rt_sigtimedwait by a
 * child, which only then sends SIGUSR1 (and SIGUSR2, outside set and
 * blocked, first: it must not wake the waiter for good); sigwait()
 * returns 0 with SIGUSR1, SIGUSR2 is still pending.
 */
#include "pts_sigkit.h"

static int child(void)
{
	pid_t parent = getppid();

	pts_wait_in_syscall(parent, SYS_rt_sigtimedwait);
	kill(parent, SIGUSR2);
	pts_wait_in_syscall(parent, SYS_rt_sigtimedwait);
	kill(parent, SIGUSR1);
	return PTS_PASS;
}

int main(void)
{
	sigset_t set, block, pend;
	int sig = 0, e;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	block = set;
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL);
	pid = pts_fork_fn(child);
	e = sigwait(&set, &sig);
	pts_reap(pid, "the sending child");
	if (e || sig != SIGUSR1)
		PTS_FAILED("sigwait() returned %d, signal %d", e, sig);
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR2) || sigismember(&pend, SIGUSR1))
		PTS_FAILED("pending after: SIGUSR1 %d, SIGUSR2 %d",
			   sigismember(&pend, SIGUSR1), sigismember(&pend, SIGUSR2));
	PTS_PASSED("suspended until SIGUSR1 became pending; SIGUSR2 left pending");
}
